export { findReferenceCode, termsOf, toReferenceCodeDetails, problemOf, takeCodeUse, giveBackCodeUse, codeError, type ReferenceCodeRow } from './store';
export { referenceCodeRoutes, REFERENCE_CODE_LOOKUP_PATH } from './routes';
export { referenceCodeLookupLimit } from './look-up-reference-code';
export type { AdminReferenceCode } from './store';
export { findReferenceCodeById } from './find-reference-code-by-id';
export { insertDemoReferenceCodes, type DemoReferenceCode } from './seed-demo-codes';
