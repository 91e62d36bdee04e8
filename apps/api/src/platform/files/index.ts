export { acceptDocument, acceptDocuments, extensionAgrees, type AcceptedDocument } from './accept-document';
