/** Votes and quizzes, for people and admins, in one lazy chunk (see app/page-modules.ts). */
import { VotesPage } from './votes-page';
import { QuizzesPage } from './quizzes-page';
import { AdminVotesPage } from './admin/admin-votes-page';
import { AdminQuizzesPage } from './admin/admin-quizzes-page';
export { VotesPage } from './votes-page';
export { QuizzesPage } from './quizzes-page';
export { AdminVotesPage } from './admin/admin-votes-page';
export { AdminQuizzesPage } from './admin/admin-quizzes-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/votes': VotesPage,
  '/dashboard/quizzes': QuizzesPage,
  '/admin/votes': AdminVotesPage,
  '/admin/quizzes': AdminQuizzesPage,
};
