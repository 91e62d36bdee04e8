// The classes of switch.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly switch: string;
};
export default styles;
