// The classes of verifications.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const reviewActions: string;
export declare const reviewCard: string;
export declare const reviewCardName: string;
export declare const reviewCards: string;
export declare const reviewDocumentImage: string;
export declare const reviewDocumentTitle: string;
export declare const reviewEmail: string;
export declare const reviewInternal: string;
export declare const reviewNameCheck: string;
export declare const reviewNote: string;
export declare const reviewQueueTitle: string;
