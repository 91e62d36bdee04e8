// The classes of land-values.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly landValues: string;
  readonly landValuesCode: string;
  readonly landValuesError: string;
  readonly landValuesFigures: string;
  readonly landValuesItem: string;
  readonly landValuesNote: string;
  readonly landValuesPending: string;
  readonly landValuesReason: string;
};
export default styles;
