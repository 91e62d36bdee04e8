// The classes of dev-api.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const devApiAuth: string;
export declare const devApiLead: string;
export declare const devApiList: string;
export declare const devApiMethod: string;
export declare const devApiOperation: string;
export declare const devApiParams: string;
export declare const devApiRoute: string;
export declare const devApiSchema: string;
export declare const devApiStatus: string;
