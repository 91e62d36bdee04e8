// The classes of community-admin.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const cqAdminActions: string;
export declare const cqAdminDetail: string;
