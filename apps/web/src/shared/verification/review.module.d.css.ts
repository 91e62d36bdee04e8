// The classes of review.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const review: string;
export declare const reviewBack: string;
export declare const reviewDocument: string;
export declare const reviewDocumentSuperseded: string;
export declare const reviewDocuments: string;
export declare const reviewFacts: string;
export declare const reviewHistory: string;
export declare const reviewSide: string;
export declare const reviewSides: string;
