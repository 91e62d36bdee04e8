// The classes of status-badge.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly badge: string;
  readonly badgeDanger: string;
  readonly badgeInfo: string;
  readonly badgeLilac: string;
  readonly badgeNeutral: string;
  readonly badgeSlate: string;
  readonly badgeSuccess: string;
  readonly badgeTeal: string;
  readonly badgeWarning: string;
};
export default styles;
