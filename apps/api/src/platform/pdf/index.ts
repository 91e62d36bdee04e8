export { createPdf, PDF_COLOURS, PdfDocument, PdfTable, type PdfColumn, type PdfFont, type PdfOptions, type PdfRowStyle } from './document';
export { RenderGate, RenderQueueFull, type RenderState } from './render-gate';
export { serveStreamed, type RenderTask, type StreamedDrawing } from './render-protocol';
export { DocumentRenderer, RENDER_MESSAGES, type StreamedDocument } from './renderer';
export { pdfBytes, sendPdf, sendPdfBytes } from './send-pdf';
