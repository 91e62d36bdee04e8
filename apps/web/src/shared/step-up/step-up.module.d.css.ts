// The classes of step-up.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly stepUp: string;
  readonly stepUpBody: string;
  readonly stepUpCancel: string;
  readonly stepUpError: string;
  readonly stepUpForm: string;
  readonly stepUpLead: string;
  readonly stepUpOthers: string;
};
export default styles;
