/**
 * Who may have a document drawn now (decision 0036): one document at a time per person, at most
 * `limit` at once in the process (the render threads), the others waiting in order of arrival. A
 * person's second request waits behind their first; beyond `perPersonWaiting` waiting, a request
 * is refused at once (`RenderQueueFull`) rather than holding a connection for a long time.
 */

export type RenderState = { state: 'idle' } | { state: 'queued'; ahead: number } | { state: 'rendering' };

export class RenderQueueFull extends Error {
  constructor() {
    super('Too many documents waiting for this person');
    this.name = 'RenderQueueFull';
  }
}

interface Waiter {
  person: string;
  start: () => void;
}

export class RenderGate {
  private readonly running = new Set<string>();
  private readonly queue: Waiter[] = [];

  constructor(
    readonly limit: number,
    readonly perPersonWaiting = 2,
  ) {}

  /** Runs `fn` once it is `person`'s turn; `onWait` runs when it has to wait, `onTurn` when the wait ends. */
  async run<T>(person: string, fn: () => Promise<T>, hooks: { onWait?: () => void; onTurn?: () => void } = {}): Promise<T> {
    if (!this.canStart(person)) {
      if (this.queue.filter((w) => w.person === person).length >= this.perPersonWaiting) throw new RenderQueueFull();
      hooks.onWait?.();
      await new Promise<void>((resolve) => this.queue.push({ person, start: resolve }));
      hooks.onTurn?.();
    } else this.running.add(person);
    try {
      return await fn();
    } finally {
      this.running.delete(person);
      this.next();
    }
  }

  /** Where `person`'s earliest request stands: waiting (with how many requests are before it), drawing, or none. */
  stateOf(person: string): RenderState {
    if (this.running.has(person)) return { state: 'rendering' };
    const at = this.queue.findIndex((w) => w.person === person);
    return at < 0 ? { state: 'idle' } : { state: 'queued', ahead: at };
  }

  /** Documents being drawn and waiting (for tests and the benchmark). */
  get load(): { running: number; waiting: number } {
    return { running: this.running.size, waiting: this.queue.length };
  }

  private canStart(person: string): boolean {
    return this.running.size < this.limit && !this.running.has(person) && !this.queue.some((w) => w.person === person);
  }

  /** Starts the earliest waiter whose person has nothing running, while there is room. */
  private next(): void {
    while (this.running.size < this.limit) {
      const at = this.queue.findIndex((w) => !this.running.has(w.person));
      if (at < 0) return;
      const [waiter] = this.queue.splice(at, 1);
      this.running.add(waiter!.person);
      waiter!.start();
    }
  }
}
