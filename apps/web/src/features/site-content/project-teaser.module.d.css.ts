// The classes of project-teaser.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly projectTeaser: string;
  readonly projectTeaserBody: string;
  readonly projectTeaserCard: string;
  readonly projectTeaserFacts: string;
  readonly projectTeaserImage: string;
  readonly projectTeaserLatest: string;
  readonly projectTeaserLogin: string;
  readonly projectTeaserName: string;
  readonly projectTeaserPlace: string;
  readonly projectTeaserText: string;
};
export default styles;
