// The classes of payouts.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const payoutAmount: string;
export declare const payoutBank: string;
export declare const payoutBankMissing: string;
export declare const payoutCard: string;
export declare const payoutCardGrid: string;
export declare const payoutCardHead: string;
export declare const payoutCardLabel: string;
export declare const payoutDialogExplanation: string;
export declare const payoutFilters: string;
export declare const payoutNote: string;
export declare const payoutPlaced: string;
export declare const payoutStage: string;
export declare const payoutStageMark: string;
export declare const payoutStageReference: string;
export declare const payoutUnits: string;
export declare const payouts: string;
export declare const payoutsRule: string;
