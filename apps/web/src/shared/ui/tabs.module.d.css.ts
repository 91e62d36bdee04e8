// The classes of tabs.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const tabsList: string;
export declare const tabsPanel: string;
export declare const tabsTab: string;
