// The classes of pages.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const linkList: string;
export declare const notice: string;
export declare const noticeTitle: string;
export declare const pageLoading: string;
export declare const pageLoadingLine: string;
export declare const statusPage: string;
export declare const statusPageCode: string;
