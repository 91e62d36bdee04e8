import { AboutUsPage } from './info/about-us-page';
import { BusinessPage } from './info/business-page';
import { LandingPage, Rocket1Page } from './info/campaign-pages';
import { ReferencesPage } from './info/references-page';
import { TermsPage } from './info/terms-page';
import { PrivacyPage } from './info/privacy-page';
import { UserManualPage } from './info/user-manual-page';
import { WhatAreLandUnitsPage } from './info/what-are-land-units-page';
/**
 * The public information pages and the two signed-in reading pages. They form one lazy chunk
 * (see app/page-modules.ts); each page lives in its own file under ./info.
 */
export { AboutUsPage } from './info/about-us-page';
export { BusinessPage } from './info/business-page';
export { LandingPage, Rocket1Page } from './info/campaign-pages';
export { PrivacyPage } from './info/privacy-page';
export { ReferencesPage } from './info/references-page';
export { TermsPage } from './info/terms-page';
export { UserManualPage } from './info/user-manual-page';
export { WhatAreLandUnitsPage } from './info/what-are-land-units-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/about-us': AboutUsPage,
  '/business': BusinessPage,
  '/rocket1': Rocket1Page,
  '/landing': LandingPage,
  '/references': ReferencesPage,
  '/terms-and-conditions': TermsPage,
  '/privacy-policy': PrivacyPage,
  '/user-manual': UserManualPage,
  '/dashboard/What-are-Land-Units': WhatAreLandUnitsPage,
};
