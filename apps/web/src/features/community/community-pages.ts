/** The community pages, in one lazy chunk (see app/page-modules.ts). */
import { ClosedQuestionsPage, CommunityClosedQuestionsPage, CommunityOpenQuestionsPage, OpenQuestionsPage, YourQuestionsPage } from './question-list-page';
import { QuestionPage } from './question-page';
import { AskQuestionPage } from './ask-question-page';
import { BecomeAgentPage } from './become-agent-page';
export { OpenQuestionsPage, ClosedQuestionsPage, CommunityOpenQuestionsPage, CommunityClosedQuestionsPage, YourQuestionsPage } from './question-list-page';
export { QuestionPage } from './question-page';
export { AskQuestionPage } from './ask-question-page';
export { BecomeAgentPage } from './become-agent-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/questions/open': OpenQuestionsPage,
  '/dashboard/questions/close': ClosedQuestionsPage,
  '/dashboard/questions/:id': QuestionPage,
  '/dashboard/community/ask-question': AskQuestionPage,
  '/dashboard/community/open-question': CommunityOpenQuestionsPage,
  '/dashboard/community/close-question': CommunityClosedQuestionsPage,
  '/dashboard/community/your-question': YourQuestionsPage,
  '/dashboard/community/become-agent': BecomeAgentPage,
};
