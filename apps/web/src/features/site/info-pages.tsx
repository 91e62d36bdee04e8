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
