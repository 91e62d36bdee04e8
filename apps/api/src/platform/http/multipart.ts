import multipart from '@fastify/multipart';
import { FILE_MESSAGES, UPLOAD_MAX_BYTES } from '@landunits/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pipeline, Transform } from 'node:stream';
import { newFileKey, type FileStore } from '../storage';
import { AppError } from './app-error';

/** SPEC: uploads are at most 8,388,608 bytes, refused while streaming (nothing larger is kept). */
export const FILE_SIZE_LIMIT = UPLOAD_MAX_BYTES;

export const MULTIPART_MESSAGES = {
  tooLarge: FILE_MESSAGES.tooLarge,
  notMultipart: 'Send this form as multipart/form-data.',
  tooManyFiles: 'Too many files in one request.',
  tooManyFields: 'Too many fields in one request.',
  fieldTooLong: 'A form field is too long.',
  unreadable: 'The form data could not be read.',
  unexpectedFile: (name: string) => `Unexpected file field "${name}".`,
  unexpectedField: (name: string) => `Unexpected field "${name}".`,
} as const;

/** Limits for every multipart request; readMultipart narrows files and fields to what a route accepts. */
const LIMITS = { fileSize: FILE_SIZE_LIMIT, files: 5, fields: 20, fieldSize: 10_000, fieldNameSize: 100, parts: 25, headerPairs: 20 };

/** Registered once for the whole API (app.ts). Bodies are parsed only when a route reads them. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });
}

export interface MultipartOptions {
  /** File fields the route accepts, each at most once. */
  files: readonly string[];
  /** Text fields the route accepts. */
  fields?: readonly string[];
  store: FileStore;
  /** The kind every file of this request is stored as (`identity` is encrypted at rest). */
  kind: string;
}

export interface UploadedFile {
  field: string;
  /** The stored object's key (server-made). */
  key: string;
  /** The name the client gave; only for display. */
  filename: string;
  /** The type the client declared; not checked against the content. */
  contentType: string;
  size: number;
  sha256: string;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

class TooLarge extends Error {}

/**
 * Reads a multipart request, streaming each file straight into `store` under a new key. Refuses a
 * body that is not multipart (415), a file over FILE_SIZE_LIMIT (413, refused as it streams), too
 * many files or fields (413), a field the route does not accept (400); on any failure every file
 * already stored by this call is deleted before the error is thrown.
 */
export async function readMultipart(request: FastifyRequest, options: MultipartOptions): Promise<MultipartResult> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
  const allowedFields = options.fields ?? [];
  const result: MultipartResult = { fields: {}, files: {} };
  let sourceError: unknown = null;
  try {
    // One more field than accepted, so an unexpected one is named rather than counted.
    const parts = request.parts({ limits: { files: options.files.length, fields: allowedFields.length + 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!allowedFields.includes(part.fieldname) || part.fieldname in result.fields) throw new AppError('BAD_REQUEST', MULTIPART_MESSAGES.unexpectedField(part.fieldname));
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.fieldTooLong);
        result.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!options.files.includes(part.fieldname) || part.fieldname in result.files) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', MULTIPART_MESSAGES.unexpectedFile(part.fieldname));
      }
      const file = part.file;
      file.once('error', (error) => (sourceError = error));
      // Busboy stops a file at the limit and marks it truncated; failing here, before the stream
      // ends, makes the store discard what it has written instead of keeping a cut-off file.
      const guard = new Transform({
        transform: (chunk, _encoding, callback) => callback(null, chunk),
        flush: (callback) => callback(file.truncated ? new TooLarge() : null),
      });
      const key = newFileKey(options.kind);
      const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(part.mimetype) ? part.mimetype : 'application/octet-stream';
      const stored = await options.store.put(
        key,
        pipeline(file, guard, () => undefined),
        { contentType, kind: options.kind },
      );
      result.files[part.fieldname] = { field: part.fieldname, key, filename: part.filename, contentType, ...stored };
    }
    return result;
  } catch (error) {
    // The request's own error is what the client must see; a failed clean-up is only logged.
    await deleteUploadedFiles(options.store, result).catch((cleanup: unknown) =>
      request.log.error({ err: cleanup, files: Object.values(result.files).map((f) => f.key) }, 'could not delete the files of a refused upload'),
    );
    throw toClientError(error, sourceError) ?? error;
  }
}

/** Deletes the files a readMultipart call stored (for a route whose use-case then fails). */
export async function deleteUploadedFiles(store: FileStore, result: Pick<MultipartResult, 'files'>): Promise<void> {
  await Promise.all(Object.values(result.files).map((file) => store.delete(file.key)));
}

function toClientError(error: unknown, sourceError: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof TooLarge) return new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooLarge);
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.unreadable);
  }
  // Busboy's own parse errors (a malformed body, a missing boundary) reach us as plain errors.
  if (error === sourceError || (error instanceof Error && /multipart|boundary|unexpected end of form|malformed part/i.test(error.message))) {
    return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.unreadable);
  }
  return null;
}
