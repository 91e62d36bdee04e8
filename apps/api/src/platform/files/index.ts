export { acceptDocument, acceptDocuments, extensionAgrees, type AcceptedDocument, type AcceptOptions } from './accept-document';
export { sendPublicImage, type PublicImage } from './send-image';
export { contentDisposition, sendStoredDocument, type DocumentToSend } from './send-document';
export { MAX_IMAGE_PIXELS } from './image-check';
export { PDF_ACTIVE_NAMES, PDF_AUTOMATIC_ACTIONS_REFUSED, PDF_INFLATE_BUDGET_BYTES, PDF_MAX_OBJECTS } from './pdf-check';
export { limitUploads, uploadsPerAccount } from './upload-limit';
