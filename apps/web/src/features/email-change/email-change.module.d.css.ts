// The classes of email-change.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly emailChange: string;
  readonly emailChangeActions: string;
  readonly emailChangeCard: string;
  readonly emailChangeForm: string;
  readonly emailChangeLoading: string;
  readonly emailChangeMessage: string;
  readonly emailChangeMessageError: string;
  readonly emailChangeMessageSuccess: string;
  readonly emailChangeNarrow: string;
  readonly emailChangeRejected: string;
  readonly emailChangeStep: string;
  readonly emailChangeStepCurrent: string;
  readonly emailChangeStepDone: string;
  readonly emailChangeStepNumber: string;
  readonly emailChangeSteps: string;
  readonly emailChangeSubtitle: string;
};
export default styles;
