import type { MessagePort } from 'node:worker_threads';
import { invoiceDrawings } from './modules/invoices/drawings';
import { reportDrawings, reportStreamedDrawings } from './modules/reports/drawings';
import type { RenderTask } from './platform/pdf';

/**
 * A render thread (decision 0036): draws one document from the plain data of a task and answers
 * with its bytes, or for a streamed document draws batches sent over the task's port. Started by
 * piscina through pdf-worker.mjs (which loads TypeScript); it never reads the database.
 */
const whole: Record<string, (input: never) => Promise<Buffer>> = { ...reportDrawings, ...invoiceDrawings };
const streamed: Record<string, (input: never, port: MessagePort) => Promise<void>> = { ...reportStreamedDrawings };

export default async function render(task: RenderTask): Promise<Uint8Array | null> {
  if (task.port) {
    const draw = streamed[task.kind];
    if (!draw) throw new Error(`No streamed document of kind ${task.kind}`);
    await draw(task.input as never, task.port);
    return null;
  }
  const draw = whole[task.kind];
  if (!draw) throw new Error(`No document of kind ${task.kind}`);
  const bytes = await draw(task.input as never);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
