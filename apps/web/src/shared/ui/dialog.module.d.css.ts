// The classes of dialog.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const dialog: string;
export declare const dialogClose: string;
export declare const dialogDrawer: string;
export declare const dialogHeader: string;
export declare const dialogInner: string;
export declare const dialogTitle: string;
