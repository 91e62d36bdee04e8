// The classes of money-hold.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly moneyHold: string;
};
export default styles;
