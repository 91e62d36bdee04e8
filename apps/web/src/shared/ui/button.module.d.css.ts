// The classes of button.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const btn: string;
export declare const btnGhost: string;
export declare const btnPrimary: string;
export declare const btnSecondary: string;
export declare const btnSm: string;
export declare const btnSpinner: string;
