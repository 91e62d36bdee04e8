// The classes of admins.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const admins: string;
export declare const adminsActions: string;
export declare const adminsAuditLink: string;
export declare const adminsEmail: string;
export declare const adminsHead: string;
export declare const adminsStatus: string;
export declare const adminsTitle: string;
export declare const adminsYou: string;
