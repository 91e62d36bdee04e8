// The classes of status-badge.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const badge: string;
export declare const badgeDanger: string;
export declare const badgeInfo: string;
export declare const badgeLilac: string;
export declare const badgeNeutral: string;
export declare const badgeSlate: string;
export declare const badgeSuccess: string;
export declare const badgeTeal: string;
export declare const badgeWarning: string;
