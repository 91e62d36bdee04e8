// The classes of pager.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly pager: string;
  readonly pagerControls: string;
  readonly pagerPosition: string;
  readonly pagerSummary: string;
};
export default styles;
