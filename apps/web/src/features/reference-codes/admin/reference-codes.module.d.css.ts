// The classes of reference-codes.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly codeCards: string;
  readonly codeForm: string;
  readonly codeFormChoice: string;
  readonly codeFormChoiceHint: string;
  readonly codeFormChoiceLabel: string;
  readonly codeFormChoices: string;
  readonly codeFormError: string;
  readonly codeFormField: string;
  readonly codeFormPair: string;
  readonly codeFormSubmit: string;
  readonly codeFormTitle: string;
  readonly codeName: string;
  readonly codeTable: string;
  readonly referenceCodes: string;
  readonly referenceCodesList: string;
};
export default styles;
