import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, pipeline } from 'node:stream';
import type { FileStore } from '../storage';
import { AppError } from '../http/app-error';

/** A stored picture the website shows to everyone (a news image, a team photo). */
export interface PublicImage {
  key: string;
  /** image/png or image/jpeg: judged from the content when it was accepted. */
  contentType: string;
  /** Hex SHA-256 of the stored content: its address, so it can be kept for a year. */
  sha256: string;
}

const PUBLIC_IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** A year: the address names the content, so what it shows never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_FOUND_MESSAGE = 'This image was not found.';

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()));
}

/**
 * Sends a public picture inline with its own type, nosniff, a policy that lets nothing run should
 * it be opened as a page, an ETag and a year of caching. Only PNG and JPEG are ever sent: the
 * caller looked the image up among the website's images (never by a key from the request), and
 * any other stored file is refused here too. 304 when the browser already has it.
 */
export async function sendPublicImage(request: FastifyRequest, reply: FastifyReply, store: FileStore, image: PublicImage): Promise<FastifyReply> {
  if (!PUBLIC_IMAGE_TYPES.has(image.contentType)) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const etag = `"${image.sha256}"`;
  reply
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox")
    .header('content-disposition', 'inline');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const stored = await store.get(image.key);
  if (!stored || stored.encrypted) {
    reply.header('cache-control', 'no-store');
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  const body = new PassThrough();
  pipeline(stored.body, body, (error) => {
    if (error) reply.log.error({ err: error, key: image.key }, 'a public image could not be read');
  });
  return reply.header('content-type', image.contentType).header('content-length', String(stored.size)).send(body);
}
