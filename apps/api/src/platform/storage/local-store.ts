import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Transform } from 'node:stream';
import { encryptingStream, type KeySource } from './encryption';
import { checkPutOptions, isSensitiveKind, measuring, parseFileKey, type FileMetadata, type FileStore, type PutOptions, type PutResult, type StoredFile } from './file-store';
import { openStoredObject } from './stored-object';

/**
 * Files in a folder (DATA_DIR/files by default): the object `identity/abc…` is the file
 * `<root>/identity/abc…` with its metadata beside it in `abc….meta.json`. A put writes both under
 * temporary names (starting with a dot, which no key can) in the same folder and renames them once
 * the content is complete, so a failed or interrupted put leaves nothing and a reader never sees a
 * half-written object.
 */
export class LocalFileStore implements FileStore {
  constructor(
    readonly root: string,
    private readonly keys: KeySource,
  ) {}

  /** The folder exists (made on first use) and this process may write in it. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  private paths(key: string): { folder: string; file: string; meta: string } {
    const { folder, name } = parseFileKey(key);
    const dir = path.join(this.root, folder);
    return { folder: dir, file: path.join(dir, name), meta: path.join(dir, `${name}.meta.json`) };
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    checkPutOptions(options);
    const paths = this.paths(key);
    await mkdir(paths.folder, { recursive: true });
    const temp = path.join(paths.folder, `.${path.basename(paths.file)}.${randomBytes(6).toString('hex')}.tmp`);
    const tempMeta = `${temp}.meta`;
    try {
      const measure = measuring();
      const encrypted = isSensitiveKind(options.kind);
      const stages: Transform[] = [measure];
      if (encrypted) stages.push(encryptingStream((await this.keys()).current));
      await pipeline([body, ...stages, createWriteStream(temp, { flags: 'wx', mode: 0o600 })]);
      const result = measure.result();
      const metadata: FileMetadata = { key, kind: options.kind, contentType: options.contentType, size: result.size, encrypted };
      await writeFile(tempMeta, JSON.stringify({ ...metadata, sha256: result.sha256 }), { flag: 'wx', mode: 0o600 });
      await rename(temp, paths.file);
      await rename(tempMeta, paths.meta);
      return result;
    } catch (error) {
      body.destroy();
      await Promise.all([rm(temp, { force: true }), rm(tempMeta, { force: true })]);
      throw error;
    }
  }

  async head(key: string): Promise<FileMetadata | null> {
    let text: string;
    try {
      text = await readFile(this.paths(key).meta, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const stored = JSON.parse(text) as FileMetadata;
    return { key, kind: stored.kind, contentType: stored.contentType, size: stored.size, encrypted: stored.encrypted };
  }

  async get(key: string): Promise<StoredFile | null> {
    const metadata = await this.head(key);
    if (!metadata) return null;
    const raw = createReadStream(this.paths(key).file);
    // Opened before answering, so a missing file is a null rather than a stream that fails later.
    const opened = await new Promise<boolean>((resolve, reject) => {
      raw.once('open', () => resolve(true));
      raw.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(false) : reject(error)));
    });
    if (!opened) return null;
    // The file's own header decides whether it is decrypted; the metadata is a hint (decision 0035).
    const object = await openStoredObject(raw, metadata, this.keys);
    return { ...metadata, encrypted: object.encrypted, body: object.body };
  }

  async delete(key: string): Promise<void> {
    const paths = this.paths(key);
    // Metadata first: an object without it no longer exists for head and get.
    await rm(paths.meta, { force: true });
    await rm(paths.file, { force: true });
  }
}
