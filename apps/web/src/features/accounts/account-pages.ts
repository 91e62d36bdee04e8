/** Every page of the accounts feature, in one lazy chunk (see app/page-modules.ts). */
export { RegisterPage, BusinessRegisterPage } from './registration-flow';
export { LoginPage } from './login-page';
export { LogoutPage } from './logout-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { ConfirmAccountPage } from './confirm-account-page';
export { AcceptInvitationPage } from './accept-invitation-page';
