// The classes of verify-certificate.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly verifyCertificate: string;
  readonly verifyCertificateBadge: string;
  readonly verifyCertificateCode: string;
  readonly verifyCertificateCurrencies: string;
  readonly verifyCertificateExample: string;
  readonly verifyCertificateFacts: string;
  readonly verifyCertificateLead: string;
  readonly verifyCertificateNote: string;
  readonly verifyCertificateShares: string;
  readonly verifyCertificateTotal: string;
};
export default styles;
