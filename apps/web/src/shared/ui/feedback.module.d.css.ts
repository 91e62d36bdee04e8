// The classes of feedback.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly skeleton: string;
  readonly spinner: string;
  readonly spinnerRing: string;
  readonly state: string;
  readonly stateActions: string;
  readonly stateError: string;
  readonly stateMessage: string;
  readonly stateTitle: string;
};
export default styles;
