// The classes of dev-api.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly devApiAuth: string;
  readonly devApiLead: string;
  readonly devApiList: string;
  readonly devApiMethod: string;
  readonly devApiOperation: string;
  readonly devApiParams: string;
  readonly devApiRoute: string;
  readonly devApiSchema: string;
  readonly devApiStatus: string;
};
export default styles;
