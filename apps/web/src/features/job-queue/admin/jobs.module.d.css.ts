// The classes of jobs.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const jobsCardTitle: string;
export declare const jobsError: string;
export declare const jobsErrorText: string;
export declare const jobsKind: string;
export declare const jobsPart: string;
export declare const jobsPartNote: string;
