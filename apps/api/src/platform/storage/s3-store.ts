import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../../config-storage';
import { encryptingStream, encryptionOverhead, type KeySource } from './encryption';
import { checkPutOptions, isSensitiveKind, measuring, parseFileKey, type FileMetadata, type FileStore, type PutOptions, type PutResult, type StoredFile } from './file-store';
import { openStoredObject } from './stored-object';

/** Parts of a multipart upload (S3's minimum); objects up to this size go in one PUT. */
const PART_BYTES = 5 * 1024 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: R2, MinIO and older S3-compatible servers refuse or
    // mishandle the newer default (streamed CRC32 trailers). Content integrity is ours (SHA-256, GCM).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2) through the official SDK. Content is
 * streamed: objects larger than one part go up as a multipart upload, aborted when the put fails
 * so no part is left behind. Kind and key id travel as object metadata (`x-amz-meta-*`), a hint:
 * whether an object is encrypted is read from its own header (stored-object.ts).
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly keys: KeySource,
  ) {
    this.client = createS3Client(settings);
    this.bucket = settings.bucket;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    checkPutOptions(options);
    parseFileKey(key);
    const keyring = isSensitiveKind(options.kind) ? await this.keys() : null;
    const measure = measuring();
    const stages: Transform[] = [measure];
    if (keyring) stages.push(encryptingStream(keyring.current));
    const content = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: content,
        ContentType: options.contentType,
        Metadata: { kind: options.kind, ...(keyring ? { 'key-id': keyring.current.id } : {}) },
      },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const uploaded = upload.done().catch((error: unknown) => {
      // Stop feeding an upload that has failed, so the source is not left waiting.
      content.destroy(error as Error);
      throw error;
    });
    const [fed, sent] = await Promise.allSettled([pipeline([body, ...stages, content]), uploaded]);
    if (fed.status === 'rejected' || sent.status === 'rejected') {
      body.destroy();
      await upload.abort().catch(() => undefined);
      throw fed.status === 'rejected' ? fed.reason : (sent as PromiseRejectedResult).reason;
    }
    return measure.result();
  }

  /** The bucket answers and these credentials may use it (HEAD on the bucket). */
  async check(signal?: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), signal ? { abortSignal: signal } : {});
  }

  async head(key: string): Promise<FileMetadata | null> {
    parseFileKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return metadataOf(key, res.Metadata, res.ContentType, res.ContentLength);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    parseFileKey(key);
    let res;
    try {
      res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const metadata = metadataOf(key, res.Metadata, res.ContentType, res.ContentLength);
    const raw = res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body!.transformToWebStream() as never);
    // The object's own header decides whether it is decrypted; the metadata is a hint (decision
    // 0035), so a copy that lost its x-amz-meta-* still reads, and its size is its content's.
    const object = await openStoredObject(raw, metadata, this.keys);
    return { ...metadata, encrypted: object.encrypted, size: (res.ContentLength ?? 0) - object.overhead, body: object.body };
  }

  async delete(key: string): Promise<void> {
    parseFileKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

function metadataOf(key: string, meta: Record<string, string> | undefined, contentType: string | undefined, length: number | undefined): FileMetadata {
  const keyId = meta?.['key-id'];
  const stored = length ?? 0;
  return {
    key,
    kind: meta?.kind ?? '',
    contentType: contentType ?? 'application/octet-stream',
    size: keyId ? stored - encryptionOverhead(keyId) : stored,
    encrypted: keyId !== undefined,
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
