/** The email change pages, in one lazy chunk (see app/page-modules.ts). */
import { VerifyEmailChangePage } from './verify-email-change-page';
import { ChangeEmailPage } from './change-email-page';
export { ChangeEmailPage } from './change-email-page';
export { VerifyEmailChangePage } from './verify-email-change-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/account/verify-email-change': VerifyEmailChangePage,
  '/dashboard/settings/change-email': ChangeEmailPage,
};
