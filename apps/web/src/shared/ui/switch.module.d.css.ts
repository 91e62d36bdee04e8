// The classes of switch.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const toggle: string;
