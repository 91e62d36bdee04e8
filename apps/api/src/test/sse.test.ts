import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStream, SseParser } from './sse';

describe('SseParser', () => {
  it('parses id, event and multi-line data, across chunk boundaries and line endings', () => {
    const parser = new SseParser();
    const text = ': hello\n\nid: 1\nevent: message\ndata: {"a":\ndata: 1}\n\r\nid:2\r\ndata: two\r\rdata: no id\n\nevent: read\nretry: 500\n\n';
    const events = [];
    // One character at a time: every boundary is a chunk boundary (also inside a CRLF).
    for (const ch of text) events.push(...parser.push(ch));
    expect(events).toEqual([
      { id: '1', event: 'message', data: '{"a":\n1}' },
      { id: '2', event: 'message', data: 'two' },
      { id: '2', event: 'message', data: 'no id' },
    ]);
    expect(parser.retry).toBe(500);
    expect(parser.lastEventId).toBe('2');
  });

  it('keeps an unfinished event until its blank line', () => {
    const parser = new SseParser('7');
    expect(parser.push('data: x\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: '7', event: 'message', data: 'x' }]);
  });
});

describe('openEventStream', () => {
  const lastIds: (string | undefined)[] = [];
  const open: ServerResponse[] = [];
  let next = 1;
  const server = createServer((req, res) => {
    lastIds.push(req.headers['last-event-id'] as string | undefined);
    if (req.headers.cookie !== 'k=v') {
      res.writeHead(401).end('sign in');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    open.push(res);
  });
  const listening = new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const send = (res: ServerResponse) => res.write(`id: ${next}\nevent: message\ndata: ${next++}\n\n`);

  it('reconnects after a dropped stream with Last-Event-ID and keeps every event once', async () => {
    const stream = openEventStream(await listening, { headers: { cookie: 'k=v' }, reconnectDelayMs: 10 });
    await stream.opened();
    send(open[0] as ServerResponse);
    send(open[0] as ServerResponse);
    await stream.waitFor((e) => e.length === 2, 5_000);
    (open[0] as ServerResponse).destroy();
    await stream.waitFor(() => stream.connections === 2, 5_000, 'the reconnection');
    send(open[1] as ServerResponse);
    await stream.waitFor((e) => e.length === 3, 5_000);
    stream.close();
    expect(stream.events.map((e) => [e.id, e.data, e.connection])).toEqual([
      ['1', '1', 1],
      ['2', '2', 1],
      ['3', '3', 2],
    ]);
    expect(lastIds).toEqual([undefined, '2']);
  });

  it('stops on a 4xx answer and says why', async () => {
    const stream = openEventStream(await listening, { reconnectDelayMs: 10 });
    await expect(stream.opened()).rejects.toThrow('401 sign in');
    await expect(stream.waitFor(() => false, 5_000)).rejects.toThrow('401 sign in');
    stream.close();
  });
});
