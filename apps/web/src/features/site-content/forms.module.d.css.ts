// The classes of forms.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly contactFormPair: string;
  readonly contactFormSubmit: string;
  readonly newsletterFormField: string;
  readonly newsletterFormRow: string;
  readonly newsletterFormSubmit: string;
  readonly siteFormMessage: string;
  readonly siteFormMessageError: string;
  readonly siteFormMessageSuccess: string;
  readonly siteFormTextarea: string;
};
export default styles;
