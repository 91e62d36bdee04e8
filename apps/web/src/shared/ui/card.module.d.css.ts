// The classes of card.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const card: string;
export declare const cardTitle: string;
