// The classes of land-values.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const landValues: string;
export declare const landValuesCode: string;
export declare const landValuesError: string;
export declare const landValuesFigures: string;
export declare const landValuesItem: string;
export declare const landValuesNote: string;
export declare const landValuesPending: string;
export declare const landValuesReason: string;
