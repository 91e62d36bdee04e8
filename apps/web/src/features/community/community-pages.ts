/** The community pages, in one lazy chunk (see app/page-modules.ts). */
export { OpenQuestionsPage, ClosedQuestionsPage, CommunityOpenQuestionsPage, CommunityClosedQuestionsPage, YourQuestionsPage } from './question-list-page';
export { QuestionPage } from './question-page';
export { AskQuestionPage } from './ask-question-page';
export { BecomeAgentPage } from './become-agent-page';
