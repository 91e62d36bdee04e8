// The classes of forms.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const contactFormPair: string;
export declare const contactFormSubmit: string;
export declare const newsletterFormField: string;
export declare const newsletterFormRow: string;
export declare const newsletterFormSubmit: string;
export declare const siteFormMessage: string;
export declare const siteFormMessageError: string;
export declare const siteFormMessageSuccess: string;
export declare const siteFormTextarea: string;
