export { createPdf, PDF_COLOURS, PdfDocument, PdfTable, type PdfColumn, type PdfFont, type PdfOptions, type PdfRowStyle } from './document';
export { pdfBytes, sendPdf } from './send-pdf';
