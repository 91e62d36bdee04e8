// The classes of notifications.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly inboxItemBody: string;
  readonly inboxItemDot: string;
  readonly inboxItemHead: string;
  readonly inboxItemLink: string;
  readonly inboxItemMeta: string;
  readonly inboxItemTitle: string;
  readonly inboxItemUnread: string;
  readonly notices: string;
  readonly noticesFilter: string;
  readonly noticesMore: string;
  readonly noticesSkeleton: string;
  readonly noticesTools: string;
};
export default styles;
