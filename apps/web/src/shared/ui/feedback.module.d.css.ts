// The classes of feedback.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const formAlert: string;
export declare const skeleton: string;
export declare const spinner: string;
export declare const spinnerRing: string;
export declare const state: string;
export declare const stateActions: string;
export declare const stateError: string;
export declare const stateMessage: string;
export declare const stateTitle: string;
