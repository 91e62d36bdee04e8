// The classes of jobs.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly jobsCardTitle: string;
  readonly jobsError: string;
  readonly jobsErrorText: string;
  readonly jobsKind: string;
  readonly jobsPart: string;
  readonly jobsPartNote: string;
};
export default styles;
