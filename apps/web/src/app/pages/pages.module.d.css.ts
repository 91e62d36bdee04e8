// The classes of pages.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly linkList: string;
  readonly notice: string;
  readonly noticeTitle: string;
  readonly pageLoading: string;
  readonly pageLoadingLine: string;
  readonly statusPage: string;
  readonly statusPageCode: string;
};
export default styles;
