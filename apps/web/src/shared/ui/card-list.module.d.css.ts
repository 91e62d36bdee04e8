// The classes of card-list.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const cardList: string;
export declare const cardListFact: string;
export declare const cardListFacts: string;
export declare const cardListHead: string;
export declare const cardListItem: string;
export declare const cardListTitle: string;
