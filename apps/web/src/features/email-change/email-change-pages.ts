/** The email change pages, in one lazy chunk (see app/page-modules.ts). */
export { ChangeEmailPage } from './change-email-page';
export { VerifyEmailChangePage } from './verify-email-change-page';
