// The classes of toast.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly toast: string;
  readonly toastDismiss: string;
  readonly toastError: string;
  readonly toastMessage: string;
  readonly toastRegion: string;
  readonly toastSuccess: string;
};
export default styles;
