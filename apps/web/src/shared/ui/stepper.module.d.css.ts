// The classes of stepper.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const stepper: string;
export declare const stepperBar: string;
export declare const stepperItem: string;
export declare const stepperList: string;
export declare const stepperMark: string;
export declare const stepperSummary: string;
