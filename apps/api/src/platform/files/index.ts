export { acceptDocument, acceptDocuments, extensionAgrees, type AcceptedDocument } from './accept-document';
export { contentDisposition, sendStoredDocument, type DocumentToSend } from './send-document';
