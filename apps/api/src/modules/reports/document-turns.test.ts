import { Piscina } from 'piscina';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentRenderer, RENDER_MESSAGES, type RenderTask } from '../../platform/pdf';
import { createTestApp, type TestContext } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/factories';

/**
 * Documents are drawn in render threads, one per person at a time and at most PDF_RENDER_THREADS
 * at once, the others waiting their turn (decision 0036); a failed drawing is the documented error.
 */
let ctx: TestContext;
const people: Record<string, TestPerson> = {};

beforeAll(async () => {
  ctx = await createTestApp({ PDF_RENDER_THREADS: '2', JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  for (const name of ['Ada', 'Bob', 'Cat', 'Dan', 'Late']) people[name] = await createPerson(ctx.app, { firstName: name, lastName: 'Turns', units: 25 });
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const STATEMENT = '/api/utility/generate-statement?reportType=TransactionStatement&format=pdf';
const CURRENT_VALUE = '/api/utility/generate-statement?reportType=CurrentValueDownload';
const get = (who: string, url: string) => ctx.app.inject({ method: 'GET', url, cookies: { lu_session: people[who]!.session } });

/** The person a render task is for (a statement's plan names them; the current value its holder). */
function personOf(task: RenderTask): string {
  const input = task.input as { person?: { name: string }; input?: { holder: string } };
  return (input.person?.name ?? input.input?.holder ?? '').split(' ')[0]!;
}

/** Watches the render threads' tasks: how many ran at once, overall and per person; `hold` keeps them from starting until released. */
function watchThreads({ hold = false } = {}) {
  const run = Piscina.prototype.run;
  const seen = { tasks: [] as string[], inFlight: new Map<string, number>(), maxOverall: 0, maxPerPerson: 0 };
  let release!: () => void;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  vi.spyOn(Piscina.prototype, 'run').mockImplementation(async function (this: Piscina, task: RenderTask, options) {
    const who = personOf(task);
    seen.tasks.push(who);
    seen.inFlight.set(who, (seen.inFlight.get(who) ?? 0) + 1);
    seen.maxPerPerson = Math.max(seen.maxPerPerson, seen.inFlight.get(who)!);
    seen.maxOverall = Math.max(
      seen.maxOverall,
      [...seen.inFlight.values()].reduce((a, b) => a + b, 0),
    );
    try {
      await released;
      return await run.call(this, task, options);
    } finally {
      seen.inFlight.set(who, seen.inFlight.get(who)! - 1);
    }
  });
  return { seen, release: () => release?.() };
}

const progressOf = async (who: string) => (await get(who, '/api/utility/documents/progress')).json();

describe('whose document is drawn when', () => {
  it('draws one document at a time per person and at most PDF_RENDER_THREADS at once, showing who waits', async () => {
    const { seen, release } = watchThreads({ hold: true });
    expect(await progressOf('Ada')).toEqual({ state: 'idle' });
    const asks = [get('Ada', STATEMENT), get('Bob', CURRENT_VALUE)];
    await vi.waitFor(() => expect(seen.tasks).toHaveLength(2));
    asks.push(get('Ada', CURRENT_VALUE), get('Cat', STATEMENT), get('Dan', CURRENT_VALUE), get('Bob', STATEMENT));
    await vi.waitFor(async () => expect(await progressOf('Dan')).toEqual({ state: 'queued', ahead: expect.any(Number) }));
    expect(await progressOf('Ada')).toEqual({ state: 'rendering' });
    // Dan's request can be queued before Bob's second one has reached the gate: wait for all four.
    await vi.waitFor(() => expect(ctx.app.ctx.documents.gate.load).toEqual({ running: 2, waiting: 4 }));
    release();
    const answers = await Promise.all(asks);
    expect(answers.map((a) => [a.statusCode, a.rawPayload.subarray(0, 5).toString('latin1')])).toEqual(Array.from({ length: 6 }, () => [200, '%PDF-']));
    expect(seen.tasks.sort()).toEqual(['Ada', 'Ada', 'Bob', 'Bob', 'Cat', 'Dan']);
    expect(seen.maxOverall).toBe(2);
    expect(seen.maxPerPerson).toBe(1);
    expect(await progressOf('Ada')).toEqual({ state: 'idle' });
  });

  it('refuses a person a fourth document at once with 429 in the error shape, and serves the other three', async () => {
    const { release } = watchThreads({ hold: true });
    const asks = [get('Ada', CURRENT_VALUE), get('Ada', STATEMENT), get('Ada', CURRENT_VALUE)];
    await vi.waitFor(() => expect(ctx.app.ctx.documents.gate.load).toEqual({ running: 1, waiting: 2 }));
    const fourth = await get('Ada', STATEMENT);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: 'RATE_LIMITED', message: RENDER_MESSAGES.queueFull });
    release();
    expect((await Promise.all(asks)).map((a) => a.statusCode)).toEqual([200, 200, 200]);
  });
});

describe('a drawing that fails', () => {
  const failing = new DocumentRenderer({ threads: 1, filename: new URL('../../platform/pdf/test/failing-worker.mjs', import.meta.url).href });
  let original: DocumentRenderer;
  beforeAll(() => {
    original = ctx.app.ctx.documents;
    ctx.app.ctx.documents = failing;
  });
  afterAll(async () => {
    ctx.app.ctx.documents = original;
    await failing.close();
  });

  it('answers 500 in the documented error shape, for a whole document and for a statement before its first page', async () => {
    for (const url of [CURRENT_VALUE, STATEMENT]) {
      const res = await get('Ada', url);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: RENDER_MESSAGES.failed });
    }
  });

  // The turn once waited on the reply itself (a thenable that settles when its response ends, and
  // never for a response destroyed before it is awaited): on PostgreSQL, whose snapshot commit
  // returns after the broken download has closed, the turn was never handed back.
  it('ends a statement whose thread crashes after its first page (never a hung request), and frees the person’s turn', async () => {
    const res = await get('Late', STATEMENT).catch((error: unknown) => ({ statusCode: 0, rawPayload: Buffer.from(String(error)) }));
    expect(res.rawPayload.toString('latin1')).not.toContain('%%EOF');
    // The turn is handed back when the broken stream's clean-up has run, which may be just after the
    // response ended.
    await vi.waitFor(() => expect(failing.gate.load).toEqual({ running: 0, waiting: 0 }), { timeout: 10_000 });
    expect((await get('Late', CURRENT_VALUE)).json()).toEqual({ code: 'INTERNAL', message: RENDER_MESSAGES.failed });
  });
});
