// The classes of tabs.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly tabsList: string;
  readonly tabsPanel: string;
  readonly tabsTab: string;
};
export default styles;
