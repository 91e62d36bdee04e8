// The classes of users.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly users: string;
  readonly usersActions: string;
  readonly usersBadges: string;
  readonly usersCard: string;
  readonly usersCards: string;
  readonly usersChanges: string;
  readonly usersDanger: string;
  readonly usersEmail: string;
  readonly usersField: string;
  readonly usersHead: string;
  readonly usersMono: string;
  readonly usersMuted: string;
  readonly usersNote: string;
  readonly usersOrders: string;
  readonly usersOrdersFilters: string;
  readonly usersOverview: string;
  readonly usersPage: string;
  readonly usersPerson: string;
  readonly usersReveal: string;
  readonly usersSearch: string;
  readonly usersSort: string;
  readonly usersSubtitle: string;
  readonly usersTabList: string;
  readonly usersVerification: string;
  readonly usersWrap: string;
};
export default styles;
