// The classes of verify-certificate.module.css, written by apps/web/scripts/css-module-types.mjs.
export declare const verifyCertificate: string;
export declare const verifyCertificateBadge: string;
export declare const verifyCertificateCode: string;
export declare const verifyCertificateCurrencies: string;
export declare const verifyCertificateExample: string;
export declare const verifyCertificateFacts: string;
export declare const verifyCertificateFigure: string;
export declare const verifyCertificateLead: string;
export declare const verifyCertificateNote: string;
export declare const verifyCertificateShares: string;
export declare const verifyCertificateTable: string;
export declare const verifyCertificateTotal: string;
