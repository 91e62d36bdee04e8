// The classes of notifications.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const inboxItemBody: string;
export declare const inboxItemDot: string;
export declare const inboxItemHead: string;
export declare const inboxItemLink: string;
export declare const inboxItemMeta: string;
export declare const inboxItemTitle: string;
export declare const inboxItemUnread: string;
export declare const notices: string;
export declare const noticesFilter: string;
export declare const noticesMore: string;
export declare const noticesSkeleton: string;
export declare const noticesTools: string;
