// The classes of step-up.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const stepUp: string;
export declare const stepUpBody: string;
export declare const stepUpCancel: string;
export declare const stepUpError: string;
export declare const stepUpForm: string;
export declare const stepUpLead: string;
export declare const stepUpOthers: string;
