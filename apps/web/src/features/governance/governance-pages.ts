/** Votes and quizzes, for people and admins, in one lazy chunk (see app/page-modules.ts). */
export { VotesPage } from './votes-page';
export { QuizzesPage } from './quizzes-page';
export { AdminVotesPage } from './admin-votes-page';
export { AdminQuizzesPage } from './admin-quizzes-page';
