// The classes of payouts.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly payoutAmount: string;
  readonly payoutBank: string;
  readonly payoutBankMissing: string;
  readonly payoutCard: string;
  readonly payoutCardGrid: string;
  readonly payoutCardHead: string;
  readonly payoutCardLabel: string;
  readonly payoutDialogExplanation: string;
  readonly payoutFilters: string;
  readonly payoutNote: string;
  readonly payoutPlaced: string;
  readonly payoutStage: string;
  readonly payoutStageMark: string;
  readonly payoutStageReference: string;
  readonly payoutUnits: string;
  readonly payouts: string;
  readonly payoutsRule: string;
};
export default styles;
