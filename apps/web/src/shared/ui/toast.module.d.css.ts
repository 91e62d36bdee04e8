// The classes of toast.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const toast: string;
export declare const toastDismiss: string;
export declare const toastError: string;
export declare const toastMessage: string;
export declare const toastRegion: string;
export declare const toastSuccess: string;
