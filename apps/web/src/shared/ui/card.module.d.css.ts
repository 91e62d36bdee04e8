// The classes of card.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly card: string;
  readonly cardTitle: string;
};
export default styles;
