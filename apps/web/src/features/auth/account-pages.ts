/** The registration, confirmation, sign-in, sign-out, password and admin invitation pages, in one lazy chunk (see app/page-modules.ts); the security settings pages travel in the account settings chunk (app/account-settings-pages.ts). */
import { BusinessRegisterPage, RegisterPage } from './registration-flow';
import { LoginPage } from './login-page';
import { LogoutPage } from './logout-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { ConfirmAccountPage } from './confirm-account-page';
import { AcceptInvitationPage } from './accept-invitation-page';
export { RegisterPage, BusinessRegisterPage } from './registration-flow';
export { LoginPage } from './login-page';
export { LogoutPage } from './logout-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { ConfirmAccountPage } from './confirm-account-page';
export { AcceptInvitationPage } from './accept-invitation-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/register': RegisterPage,
  '/business-register': BusinessRegisterPage,
  '/login': LoginPage,
  '/logout': LogoutPage,
  '/login-forgot': ForgotPasswordPage,
  '/login/reset': ResetPasswordPage,
  '/account/confirm': ConfirmAccountPage,
  '/account/admin-invitation': AcceptInvitationPage,
};
