// The classes of dialog.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly dialog: string;
  readonly dialogClose: string;
  readonly dialogDrawer: string;
  readonly dialogHeader: string;
  readonly dialogInner: string;
  readonly dialogTitle: string;
};
export default styles;
