// The classes of statistics-page.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const statsChart: string;
export declare const statsChartCaption: string;
export declare const statsChartFailed: string;
export declare const statsChartPlaceholder: string;
export declare const statsChartPlot: string;
export declare const statsChartPlotTall: string;
export declare const statsFigure: string;
export declare const statsImpact: string;
export declare const statsImpactItem: string;
export declare const statsLead: string;
export declare const statsNarrow: string;
export declare const statsPage: string;
export declare const statsPair: string;
export declare const statsReport: string;
export declare const statsSection: string;
export declare const statsSmall: string;
