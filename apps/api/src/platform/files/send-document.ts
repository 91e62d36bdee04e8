import type { FastifyReply } from 'fastify';
import { PassThrough, pipeline } from 'node:stream';
import type { FileStore } from '../storage';
import { AppError } from '../http/app-error';

export interface DocumentToSend {
  key: string;
  /** The name shown in the browser's download; reduced to safe characters. */
  filename: string;
  /** The type judged from the content when it was accepted. */
  contentType: string;
}

/**
 * Sends a stored document to its owner or a reviewing admin, always as a download
 * (`Content-Disposition: attachment`), with nosniff, a sandboxing CSP and no caching, so that a
 * document can never run as a page of this site. The caller has checked who may read it; a
 * missing object is a 404 like any document the person may not see.
 */
export async function sendStoredDocument(reply: FastifyReply, store: FileStore, document: DocumentToSend): Promise<FastifyReply> {
  const stored = await store.get(document.key);
  if (!stored) throw new AppError('NOT_FOUND', 'This document was not found.');
  const body = new PassThrough();
  // An encrypted object that fails its integrity check ends the response early instead of
  // delivering altered bytes; the failure is logged.
  pipeline(stored.body, body, (error) => {
    if (error) reply.log.error({ err: error, key: document.key }, 'a stored document could not be read');
  });
  return reply
    .header('content-type', document.contentType)
    .header('content-length', String(stored.size))
    .header('content-disposition', contentDisposition(document.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(filename: string): string {
  const cleaned =
    [...filename]
      .filter((c) => c >= ' ' && c !== '\u007f' && c !== '/' && c !== '\\')
      .join('')
      .trim()
      .slice(0, 150) || 'document';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}
