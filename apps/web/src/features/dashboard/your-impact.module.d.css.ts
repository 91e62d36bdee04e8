// The classes of your-impact.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly yourImpactButton: string;
  readonly yourImpactButtons: string;
  readonly yourImpactError: string;
  readonly yourImpactItem: string;
  readonly yourImpactLead: string;
  readonly yourImpactList: string;
  readonly yourImpactNote: string;
  readonly yourImpactOf: string;
  readonly yourImpactStatus: string;
  readonly yourImpactValue: string;
};
export default styles;
