// The classes of fees-page.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const feesDay: string;
export declare const feesLead: string;
export declare const feesNote: string;
export declare const feesPage: string;
export declare const feesPending: string;
export declare const feesPendingText: string;
export declare const feesSection: string;
export declare const feesSmall: string;
export declare const feesTable: string;
export declare const feesTableNumeric: string;
export declare const feesTableWrap: string;
export declare const feesTableWrapExample: string;
export declare const feesTableWrapMethods: string;
export declare const feesTables: string;
