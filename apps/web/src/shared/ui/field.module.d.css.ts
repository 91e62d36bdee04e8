// The classes of field.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const field: string;
export declare const fieldControl: string;
export declare const fieldControlArea: string;
export declare const fieldCount: string;
export declare const fieldCountOver: string;
export declare const fieldError: string;
export declare const fieldHint: string;
export declare const fieldLabel: string;
