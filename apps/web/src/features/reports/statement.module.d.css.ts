// The classes of statement.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const statementActions: string;
export declare const statementCard: string;
export declare const statementDates: string;
export declare const statementNote: string;
export declare const statementPage: string;
export declare const statementStatus: string;
export declare const statementStatusDone: string;
export declare const statementStatusError: string;
