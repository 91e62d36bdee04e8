// The classes of date-field.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const dateField: string;
export declare const dateFieldButton: string;
export declare const dateFieldCalendar: string;
export declare const dateFieldInput: string;
export declare const dateFieldPopover: string;
