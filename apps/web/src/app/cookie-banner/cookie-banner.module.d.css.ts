// The classes of cookie-banner.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const cookieAction: string;
export declare const cookieActions: string;
export declare const cookieBar: string;
export declare const cookieBarInner: string;
export declare const cookieBarTitle: string;
export declare const cookieCategories: string;
export declare const cookieCategory: string;
export declare const cookieCategoryControl: string;
export declare const cookieCategoryDescription: string;
export declare const cookieCategoryName: string;
export declare const cookieDialog: string;
export declare const cookieDialogInner: string;
export declare const cookieError: string;
export declare const cookiePanel: string;
export declare const cookieSummary: string;
export declare const cookieTab: string;
export declare const cookieText: string;
