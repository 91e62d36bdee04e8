// The classes of invoices.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly invActions: string;
  readonly invActionsTable: string;
  readonly invKind: string;
  readonly invKindDetail: string;
  readonly invKindLabel: string;
  readonly invLead: string;
  readonly invList: string;
  readonly invNote: string;
  readonly invNumber: string;
  readonly invOrder: string;
  readonly invOutcome: string;
  readonly invOutcomeError: string;
  readonly invOutcomeSuccess: string;
  readonly invPage: string;
  readonly invResults: string;
  readonly invSearch: string;
  readonly invSearchActions: string;
  readonly invSearchError: string;
  readonly invSearchGrid: string;
  readonly invSkeleton: string;
  readonly invTotal: string;
};
export default styles;
