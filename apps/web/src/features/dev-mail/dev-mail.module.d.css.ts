// The classes of dev-mail.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly devMailBack: string;
  readonly devMailCount: string;
  readonly devMailLead: string;
  readonly devMailTitle: string;
  readonly devMailToolbar: string;
  readonly mailAttachments: string;
  readonly mailBody: string;
  readonly mailBodyTitle: string;
  readonly mailHeaders: string;
  readonly mailHtml: string;
  readonly mailList: string;
  readonly mailListAttachments: string;
  readonly mailListItem: string;
  readonly mailListLink: string;
  readonly mailListMeta: string;
  readonly mailListSkeleton: string;
  readonly mailListSubject: string;
  readonly mailText: string;
};
export default styles;
