// The classes of community-admin.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly cqAdminActions: string;
  readonly cqAdminDetail: string;
};
export default styles;
