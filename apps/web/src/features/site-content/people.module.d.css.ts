// The classes of people.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly contactPageAddress: string;
  readonly contactPageDetails: string;
  readonly contactPageForm: string;
  readonly contactPageLayout: string;
  readonly subscribeConfirm: string;
  readonly subscribeConfirmAgain: string;
  readonly subscribeConfirmMessage: string;
  readonly subscribeConfirmMessageError: string;
  readonly subscribeConfirmMessageSuccess: string;
  readonly subscribeConfirmProgress: string;
  readonly teamCard: string;
  readonly teamCardAvatar: string;
  readonly teamCardAvatarSkeleton: string;
  readonly teamCardBio: string;
  readonly teamCardBody: string;
  readonly teamCardName: string;
  readonly teamCardPhoto: string;
  readonly teamCardRole: string;
  readonly teamGrid: string;
};
export default styles;
