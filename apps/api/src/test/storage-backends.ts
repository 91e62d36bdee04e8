import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import type { FileEncryptionKey, S3Settings } from '../config-storage';
import { keyringOf } from '../platform/storage/encryption';
import type { FileStore } from '../platform/storage/file-store';
import { LocalFileStore } from '../platform/storage/local-store';
import { S3FileStore } from '../platform/storage/s3-store';

/**
 * The two storage backends for tests: a folder, and an S3 stand-in (s3rver) started in the test
 * run. Each file that uses them calls closeBackends() in its afterAll.
 */

/** A backend under test: stores made with given keys over one place, and raw access to that place. */
export interface Backend {
  store(keys: FileEncryptionKey[]): FileStore;
  readRaw(key: string): Promise<Buffer>;
  writeRaw(key: string, bytes: Buffer): Promise<void>;
  /** Everything kept, temporary files included. */
  list(): Promise<string[]>;
  /** Local only: the folder the objects are kept in. */
  root?: string;
  /** S3 only: the names of the commands the stores sent. */
  commands?: string[];
}

export const KEY_1: FileEncryptionKey = { id: 'k1', key: randomBytes(32) };
export const KEY_2: FileEncryptionKey = { id: 'k2', key: randomBytes(32) };
export const MARKER = 'PASSPORT-NUMBER-123456789';

export const keySource = (keys: FileEncryptionKey[]) => {
  const keyring = keyringOf(keys);
  return () => Promise.resolve(keyring);
};

const folders: string[] = [];
export async function tempFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lu-storage-test-'));
  folders.push(dir);
  return dir;
}

export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

export async function localBackend(): Promise<Backend> {
  const root = await tempFolder();
  return {
    root,
    store: (keys) => new LocalFileStore(root, keySource(keys)),
    readRaw: (key) => readFile(path.join(root, key)),
    writeRaw: (key, bytes) => writeFile(path.join(root, key), bytes),
    list: () => filesUnder(root),
  };
}

const servers: S3rver[] = [];

/**
 * An S3 stand-in (s3rver) with one bucket, `land-units-test`, in a folder of its own; stopped by
 * closeBackends. Its one account's secret is `S3RVER`, shorter than the app's settings accept:
 * `anySecret` makes it take requests signed with any secret, for an app configured by environment.
 */
export async function startS3StandIn({ anySecret = false } = {}): Promise<{ settings: S3Settings; directory: string }> {
  const directory = await tempFolder();
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'land-units-test' }], allowMismatchedSignatures: anySecret });
  servers.push(s3rver);
  const { port } = await s3rver.run();
  return { directory, settings: { endpoint: `http://127.0.0.1:${port}`, region: 'eu-west-2', bucket: 'land-units-test', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true } };
}

export async function s3Backend(): Promise<Backend> {
  const { directory, settings } = await startS3StandIn();
  const raw = new S3FileStore(settings, keySource([KEY_1]));
  const commands: string[] = [];
  return {
    commands,
    store: (keys) => {
      const store = new S3FileStore(settings, keySource(keys));
      store.client.middlewareStack.add((next, context) => (args) => {
        commands.push(context.commandName ?? '');
        return next(args);
      });
      return store;
    },
    readRaw: async (key) => Buffer.from(await (await raw.client.send(new GetObjectCommand({ Bucket: raw.bucket, Key: key }))).Body!.transformToByteArray()),
    writeRaw: async (key, bytes) => {
      const current = await raw.client.send(new GetObjectCommand({ Bucket: raw.bucket, Key: key }));
      await current.Body?.transformToByteArray();
      await raw.client.send(new PutObjectCommand({ Bucket: raw.bucket, Key: key, Body: bytes, ContentType: current.ContentType, Metadata: current.Metadata }));
    },
    // The server's own folder, read directly (its listing calls do not accept the SDK's current
    // signatures). It has no AbortMultipartUpload, so the parts it staged under ._S3rver_uploads
    // stay; the test checks that the store asked for the abort instead.
    list: async () => (await filesUnder(path.join(directory, 'land-units-test'))).filter((f) => !f.startsWith('._S3rver_uploads')),
  };
}

/** Stops the S3 stand-ins and removes the folders the backends made (call in afterAll). */
export async function closeBackends(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
