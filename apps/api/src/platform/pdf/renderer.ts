import { PassThrough } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../http/app-error';
import { RenderGate, RenderQueueFull, type RenderState } from './render-gate';
import type { FromRenderer, RenderTask, ToRenderer } from './render-protocol';

export const RENDER_MESSAGES = {
  failed: 'We could not prepare this document. Please try again in a moment.',
  queueFull: 'You already have documents being prepared. Wait for them to download, then ask again.',
} as const;

/** A document being drawn in a render thread, as the main thread streams it. */
export interface StreamedDocument {
  /** The PDF's bytes as they are drawn; ends after the last, or is destroyed with the drawing's error. */
  readonly stream: PassThrough;
  /** Resolves once the first page is drawn (nothing has been sent yet: a failure can still be a JSON error). */
  readonly opened: Promise<void>;
  /** Queues an item to draw (sent with the next `whenRead`). */
  write(item: unknown): void;
  /** Sends the queued items, then resolves once they are drawn and the reader has taken what is buffered. */
  whenRead(): Promise<void>;
  /** Sends what is queued and ends the document; resolves when its last byte is in `stream`. */
  end(): Promise<void>;
  /** Stops drawing (the reader went away or the reads failed); resolves once the thread is free. */
  cancel(): Promise<void>;
}

/**
 * Draws documents in worker threads (piscina): at most `threads` at once, one per person at a time
 * (RenderGate), so a heavy document never holds the main thread. `filename` is the thread's entry
 * (apps/api/src/pdf-worker.mjs); threads start on the first document and stop after a minute idle.
 */
export class DocumentRenderer {
  readonly gate: RenderGate;
  private pool: Piscina | undefined;

  constructor(private readonly options: { threads: number; filename: string }) {
    this.gate = new RenderGate(options.threads);
  }

  private get threads(): Piscina {
    this.pool ??= new Piscina({ filename: this.options.filename, minThreads: 0, maxThreads: this.options.threads, idleTimeout: 60_000 });
    return this.pool;
  }

  /** Runs `fn` in `person`'s turn; a person with too many documents waiting is refused (429). */
  async forPerson<T>(person: string, fn: () => Promise<T>, hooks: { onWait?: () => void; onTurn?: () => void } = {}): Promise<T> {
    try {
      return await this.gate.run(person, fn, hooks);
    } catch (error) {
      if (error instanceof RenderQueueFull) throw new AppError('RATE_LIMITED', RENDER_MESSAGES.queueFull);
      throw error;
    }
  }

  stateOf(person: string): RenderState {
    return this.gate.stateOf(person);
  }

  /** The whole document's bytes; a failure in the thread is a 500 with the documented error shape. */
  async render(kind: string, input: unknown): Promise<Buffer> {
    let bytes: Uint8Array;
    try {
      bytes = (await this.threads.run({ kind, input } satisfies RenderTask)) as Uint8Array;
    } catch (error) {
      throw renderFailed(error);
    }
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** A document drawn as its items arrive (a long statement): see StreamedDocument. */
  stream(kind: string, input: unknown): StreamedDocument {
    const { port1, port2 } = new MessageChannel();
    const stream = new PassThrough({ highWaterMark: 64 * 1024 });
    let queued: unknown[] = [];
    let sent = 0;
    let drawn = -1;
    let finished = false;
    // The thread's task has returned (its thread is free again): the person's turn ends only then.
    let settled = false;
    let failure: Error | undefined;
    let wake: (() => void)[] = [];
    const notify = () => {
      const woken = wake;
      wake = [];
      for (const w of woken) w();
    };
    const changed = () => new Promise<void>((resolve) => wake.push(resolve));
    let openedResolve!: () => void;
    let openedReject!: (error: Error) => void;
    const opened = new Promise<void>((resolve, reject) => {
      openedResolve = resolve;
      openedReject = reject;
    });
    opened.catch(() => {});
    const stop = (error?: Error) => {
      if (finished) return;
      finished = true;
      port1.close();
      if (error) {
        failure = error;
        openedReject(error);
        stream.destroy(error);
      }
      notify();
    };
    port1.on('message', (message: FromRenderer) => {
      if (message.type === 'chunk') stream.write(message.bytes);
      else if (message.type === 'drawn') {
        drawn = message.seq;
        if (drawn === 0) openedResolve();
        notify();
      } else {
        stream.end();
        stop();
      }
    });
    // A failure reaches the caller through `opened`, `whenRead` and `end`; a stream nobody reads yet must not throw it.
    stream.on('error', () => {});
    stream.on('drain', notify);
    stream.on('close', notify);
    // The task's result and the port's messages travel apart: a task that returned has still to
    // deliver its last bytes and `done`, which end the stream (a port closed before them is a failure).
    const settle = (error?: Error) => {
      settled = true;
      if (error) stop(error);
      notify();
    };
    port1.on('close', () => stop(new Error('The render thread closed the document before its end')));
    this.threads.run({ kind, input, port: port2 } satisfies RenderTask, { transferList: [port2] }).then(
      () => settle(),
      (error: unknown) => settle(renderFailed(error)),
    );
    const post = (message: ToRenderer) => {
      if (!finished) port1.postMessage(message);
    };
    const flush = () => {
      if (queued.length === 0) return;
      sent += 1;
      post({ type: 'items', seq: sent, items: queued });
      queued = [];
    };
    return {
      stream,
      opened,
      write(item) {
        queued.push(item);
      },
      async whenRead() {
        flush();
        while (!finished && !stream.destroyed && (drawn < sent || stream.writableNeedDrain)) await changed();
        if (failure) throw failure;
      },
      async end() {
        flush();
        post({ type: 'end' });
        // Both: the last bytes are in `stream` (`done`), and the thread is free (the task returned).
        while (!settled || !finished) await changed();
        if (failure) throw failure;
      },
      async cancel() {
        post({ type: 'cancel' });
        stop();
        while (!settled) await changed();
      },
    };
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}

function renderFailed(error: unknown): AppError {
  const failed = new AppError('INTERNAL', RENDER_MESSAGES.failed);
  failed.cause = error;
  return failed;
}
