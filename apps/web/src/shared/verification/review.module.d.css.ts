// The classes of review.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly review: string;
  readonly reviewBack: string;
  readonly reviewDocument: string;
  readonly reviewDocumentSuperseded: string;
  readonly reviewDocuments: string;
  readonly reviewFacts: string;
  readonly reviewHistory: string;
  readonly reviewSide: string;
  readonly reviewSides: string;
};
export default styles;
