// The classes of money-hold.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const moneyHold: string;
