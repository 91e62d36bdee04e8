// The classes of ideas.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly ideaAdminForm: string;
  readonly ideaAdminFormActions: string;
  readonly ideaAdminFormSubject: string;
  readonly ideaCard: string;
  readonly ideaCardAdminActions: string;
  readonly ideaCardCount: string;
  readonly ideaCardHead: string;
  readonly ideaCardHidden: string;
  readonly ideaCardMeta: string;
  readonly ideaCardReply: string;
  readonly ideaCardReplyLabel: string;
  readonly ideaCardSupport: string;
  readonly ideaCardText: string;
  readonly ideaCardTitle: string;
  readonly ideaForm: string;
  readonly ideaFormCard: string;
  readonly ideaFormDone: string;
  readonly ideaFormError: string;
  readonly ideasFilters: string;
  readonly ideasFiltersField: string;
  readonly ideasList: string;
  readonly ideasSkeleton: string;
};
export default styles;
