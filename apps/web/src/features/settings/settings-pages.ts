/** The pages of the My Profile group, in one lazy chunk (see app/page-modules.ts). */
export { SettingsPage } from './settings-page';
export { ProfileVerificationPage } from './profile-verification-page';
export { BankVerificationPage } from './bank-verification-page';
