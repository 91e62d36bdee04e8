import type { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * What the main thread and a render thread say to each other (decision 0036). A document is a
 * task `{ kind, input }` of plain data (structured clone: strings, numbers, bigints, dates, arrays,
 * objects). A whole document comes back as the task's result (its bytes); a streamed one (a long
 * statement) gets a port: the main thread sends batches of items as it reads them, the thread
 * draws each and sends the PDF's bytes back as they are written, then `done`.
 */
export interface RenderTask {
  kind: string;
  input: unknown;
  /** Present for a streamed document. */
  port?: MessagePort;
}

export type ToRenderer = { type: 'items'; seq: number; items: unknown[] } | { type: 'end' } | { type: 'cancel' };
export type FromRenderer = { type: 'chunk'; bytes: Uint8Array } | { type: 'drawn'; seq: number } | { type: 'done' };

/** A streamed document as its drawing side sees it: the PDF's stream, each item drawn in turn, then the end. */
export interface StreamedDrawing {
  stream: Readable;
  draw(item: unknown): void;
  end(): void;
}

/**
 * The render thread's side of a streamed document: forwards the PDF's bytes to the port, draws
 * each batch and acknowledges it (`drawn` 0 once the first page is drawn), and resolves once the
 * document has ended (or the main thread cancelled it).
 */
export function serveStreamed(port: MessagePort, drawing: StreamedDrawing): Promise<void> {
  const post = (message: FromRenderer) => port.postMessage(message);
  return new Promise<void>((resolve, reject) => {
    // The main thread closes the port once it has `done` (closing it here could overtake the last
    // messages); a failure closes it at once.
    const finish = (error?: unknown) => {
      if (error) {
        port.close();
        reject(error instanceof Error ? error : new Error(String(error)));
      } else resolve();
    };
    drawing.stream.on('data', (chunk: Buffer) => post({ type: 'chunk', bytes: chunk }));
    drawing.stream.on('error', finish);
    // The main thread closed its end (done, or the reader went away): stop drawing.
    port.on('close', () => finish());
    drawing.stream.on('end', () => {
      post({ type: 'done' });
      finish();
    });
    port.on('message', (message: ToRenderer) => {
      try {
        if (message.type === 'items') {
          for (const item of message.items) drawing.draw(item);
          post({ type: 'drawn', seq: message.seq });
        } else if (message.type === 'end') drawing.end();
        else finish();
      } catch (error) {
        finish(error);
      }
    });
    post({ type: 'drawn', seq: 0 });
  });
}
