/** The pages of the My Profile group, in one lazy chunk (see app/page-modules.ts). */
import { SettingsPage } from './settings-page';
import { ProfileVerificationPage } from './profile-verification-page';
import { BankVerificationPage } from './bank-verification-page';
export { SettingsPage } from './settings-page';
export { ProfileVerificationPage } from './profile-verification-page';
export { BankVerificationPage } from './bank-verification-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/settings': SettingsPage,
  '/dashboard/settings/profile-verification': ProfileVerificationPage,
  '/dashboard/settings/bank-verification': BankVerificationPage,
};
