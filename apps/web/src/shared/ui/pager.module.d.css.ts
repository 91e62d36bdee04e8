// The classes of pager.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const pager: string;
export declare const pagerControls: string;
export declare const pagerPosition: string;
export declare const pagerSummary: string;
