import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { localFilesDir } from '../platform/storage';
import type { TestContext } from './app';

/** Upload test helpers: multipart bodies as a browser sends them, and what the local store holds. */

/** One part of a multipart body: a text field, or a file when it has a filename. */
export interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

const BOUNDARY = '----land-units-test-boundary';

/** A multipart/form-data body with its content type, ready for `app.inject({ ...form(parts) })`. */
export function form(parts: readonly Part[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** Every file in the app's local store (relative paths, sorted); none when the folder does not exist yet. */
export async function storedFiles(ctx: TestContext): Promise<string[]> {
  const root = localFilesDir(ctx.config);
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
