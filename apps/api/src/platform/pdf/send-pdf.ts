import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../files/send-document';
import type { PdfDocument } from './document';

/**
 * Streams a document the server drew for a person: `inline` to open it in the browser's viewer,
 * `attachment` to download. Never cached (it carries personal data), never sniffed, and sandboxed
 * so a PDF viewer can't run it as a page of this site. The caller draws and ends the document
 * after this returns (the reply reads as it is drawn).
 */
export function sendPdf(reply: FastifyReply, pdf: PdfDocument, options: { filename: string; inline?: boolean }): FastifyReply {
  return pdfHeaders(reply, options).send(pdf.doc);
}

/** The same, for a document a render thread drew whole (DocumentRenderer.render). */
export function sendPdfBytes(reply: FastifyReply, bytes: Buffer, options: { filename: string; inline?: boolean }): FastifyReply {
  return pdfHeaders(reply, options).send(bytes);
}

function pdfHeaders(reply: FastifyReply, options: { filename: string; inline?: boolean }): FastifyReply {
  const disposition = contentDisposition(options.filename);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', options.inline ? disposition.replace(/^attachment/, 'inline') : disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store');
}

/** The whole document as bytes (for an email attachment): draw, end, collect. */
export async function pdfBytes(pdf: PdfDocument, draw: (pdf: PdfDocument) => void | Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.doc.on('end', resolve);
    pdf.doc.on('error', reject);
  });
  await draw(pdf);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
