// The classes of table.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const numeric: string;
export declare const table: string;
export declare const tableScroll: string;
