// The classes of reference-codes.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const codeCards: string;
export declare const codeForm: string;
export declare const codeFormChoice: string;
export declare const codeFormChoiceHint: string;
export declare const codeFormChoiceLabel: string;
export declare const codeFormChoices: string;
export declare const codeFormField: string;
export declare const codeFormPair: string;
export declare const codeFormSubmit: string;
export declare const codeFormTitle: string;
export declare const codeName: string;
export declare const codeTable: string;
export declare const referenceCodes: string;
export declare const referenceCodesList: string;
