// The classes of email-change.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const emailChange: string;
export declare const emailChangeActions: string;
export declare const emailChangeCard: string;
export declare const emailChangeForm: string;
export declare const emailChangeLoading: string;
export declare const emailChangeMessage: string;
export declare const emailChangeMessageError: string;
export declare const emailChangeMessageSuccess: string;
export declare const emailChangeNarrow: string;
export declare const emailChangeRejected: string;
export declare const emailChangeStep: string;
export declare const emailChangeStepCurrent: string;
export declare const emailChangeStepDone: string;
export declare const emailChangeStepNumber: string;
export declare const emailChangeSteps: string;
export declare const emailChangeSubtitle: string;
