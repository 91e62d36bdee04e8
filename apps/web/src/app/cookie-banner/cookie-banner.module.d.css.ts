// The classes of cookie-banner.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly cookieAction: string;
  readonly cookieActions: string;
  readonly cookieBar: string;
  readonly cookieBarInner: string;
  readonly cookieBarTitle: string;
  readonly cookieCategories: string;
  readonly cookieCategory: string;
  readonly cookieCategoryControl: string;
  readonly cookieCategoryDescription: string;
  readonly cookieCategoryName: string;
  readonly cookieDialog: string;
  readonly cookieDialogInner: string;
  readonly cookieError: string;
  readonly cookiePanel: string;
  readonly cookieSummary: string;
  readonly cookieTab: string;
  readonly cookieText: string;
};
export default styles;
