import { describe, expect, it } from 'vitest';
import { RenderGate, RenderQueueFull } from './render-gate';

/** A job that runs until `finish` is called, recording when it started. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(name);
      await done;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the render gate', () => {
  it('draws one document at a time per person and at most `limit` at once, the others in order of arrival', async () => {
    const gate = new RenderGate(2);
    const log: string[] = [];
    const a1 = job(log, 'a1');
    const a2 = job(log, 'a2');
    const b1 = job(log, 'b1');
    const c1 = job(log, 'c1');
    const runs = [gate.run('a', a1.run), gate.run('a', a2.run), gate.run('b', b1.run), gate.run('c', c1.run)];
    await settle();
    expect(log).toEqual(['a1', 'b1']);
    expect(gate.stateOf('a')).toEqual({ state: 'rendering' });
    expect(gate.stateOf('c')).toEqual({ state: 'queued', ahead: 1 });
    expect(gate.stateOf('d')).toEqual({ state: 'idle' });
    // a's second waits for a's first even though a slot frees: c goes first.
    b1.finish();
    await settle();
    expect(log).toEqual(['a1', 'b1', 'c1']);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    a1.finish();
    await settle();
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2']);
    a2.finish();
    c1.finish();
    await Promise.all(runs);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a person more than `perPersonWaiting` waiting documents, and frees the turn of one that failed', async () => {
    const gate = new RenderGate(4, 2);
    const log: string[] = [];
    const first = job(log, 'first');
    const running = gate.run('a', first.run);
    const waiting = [gate.run('a', async () => log.push('second')), gate.run('a', () => Promise.reject(new Error('drawing failed')))];
    await expect(gate.run('a', async () => log.push('fourth'))).rejects.toBeInstanceOf(RenderQueueFull);
    first.finish();
    await running;
    await expect(waiting[0]).resolves.toBe(2);
    await expect(waiting[1]).rejects.toThrow('drawing failed');
    await expect(gate.run('a', async () => 'again')).resolves.toBe('again');
    expect(log).toEqual(['first', 'second']);
  });

  it('calls onWait and onTurn around a wait, and neither when there is none', async () => {
    const gate = new RenderGate(1);
    const events: string[] = [];
    const hooks = { onWait: () => events.push('wait'), onTurn: () => events.push('turn') };
    const first = job([], 'first');
    const a = gate.run('a', first.run, hooks);
    const b = gate.run('b', async () => events.push('b runs'), hooks);
    await settle();
    expect(events).toEqual(['wait']);
    first.finish();
    await Promise.all([a, b]);
    expect(events).toEqual(['wait', 'turn', 'b runs']);
  });
});
