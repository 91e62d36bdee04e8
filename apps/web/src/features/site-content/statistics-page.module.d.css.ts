// The classes of statistics-page.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly statsChart: string;
  readonly statsChartCaption: string;
  readonly statsChartFailed: string;
  readonly statsChartPlaceholder: string;
  readonly statsChartPlot: string;
  readonly statsChartPlotTall: string;
  readonly statsFigure: string;
  readonly statsImpact: string;
  readonly statsImpactItem: string;
  readonly statsLead: string;
  readonly statsNarrow: string;
  readonly statsPage: string;
  readonly statsPair: string;
  readonly statsReport: string;
  readonly statsSection: string;
  readonly statsSmall: string;
};
export default styles;
