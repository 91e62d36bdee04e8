// The classes of your-impact.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const yourImpactButton: string;
export declare const yourImpactButtons: string;
export declare const yourImpactError: string;
export declare const yourImpactItem: string;
export declare const yourImpactLead: string;
export declare const yourImpactList: string;
export declare const yourImpactMethod: string;
export declare const yourImpactMetric: string;
export declare const yourImpactMetrics: string;
export declare const yourImpactNote: string;
export declare const yourImpactOf: string;
export declare const yourImpactStatus: string;
export declare const yourImpactSubtitle: string;
export declare const yourImpactValue: string;
