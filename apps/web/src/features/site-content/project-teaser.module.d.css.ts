// The classes of project-teaser.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const projectTeaser: string;
export declare const projectTeaserBody: string;
export declare const projectTeaserCard: string;
export declare const projectTeaserFacts: string;
export declare const projectTeaserImage: string;
export declare const projectTeaserLatest: string;
export declare const projectTeaserLogin: string;
export declare const projectTeaserName: string;
export declare const projectTeaserPlace: string;
export declare const projectTeaserText: string;
