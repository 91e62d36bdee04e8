// The classes of verifications.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly reviewActions: string;
  readonly reviewCard: string;
  readonly reviewCardName: string;
  readonly reviewCards: string;
  readonly reviewDocumentImage: string;
  readonly reviewDocumentTitle: string;
  readonly reviewEmail: string;
  readonly reviewInternal: string;
  readonly reviewNameCheck: string;
  readonly reviewNote: string;
  readonly reviewQueueTitle: string;
};
export default styles;
