import { createHash } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';

/**
 * A minimal SMTP listener on 127.0.0.1 that accepts every message (the chaos run, the readiness
 * tests) and keeps what the chaos run counts: when it arrived, its Message-ID, and a digest of
 * recipient + subject + body (MIME boundaries, Date and Message-ID taken out, so two sends of one
 * email give the same digest). Port 0 takes a free one.
 */

export interface ReceivedEmail {
  at: number;
  messageId: string | null;
  to: string;
  subject: string;
  contentDigest: string;
}

export interface SmtpSink {
  port: number;
  received: ReceivedEmail[];
  close(): Promise<void>;
}

function header(head: string, name: string): string | null {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1]!.replace(/\r\n[ \t]+/g, ' ').trim() : null;
}

export function parseEmail(raw: string, envelopeTo: string[], at: number): ReceivedEmail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  let body = split >= 0 ? raw.slice(split + 4) : '';
  for (const [, boundary] of raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)) body = body.split(boundary!).join('BOUNDARY');
  const to = envelopeTo.join(',') || (header(head, 'To') ?? '');
  const subject = header(head, 'Subject') ?? '';
  const contentDigest = createHash('sha256').update(`${to}\n${subject}\n${body}`).digest('hex');
  return { at, messageId: header(head, 'Message-ID'), to, subject, contentDigest };
}

const REPLIES: Record<string, string> = {
  EHLO: '250-chaos-sink\r\n250 8BITMIME',
  HELO: '250 chaos-sink',
  DATA: '354 End data with <CR><LF>.<CR><LF>',
  QUIT: '221 Bye',
};

export function startSmtpSink(port: number): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let rcpt: string[] = [];
    const reply = (line: string) => socket.writable && socket.write(`${line}\r\n`);
    reply('220 chaos-sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(parseEmail(raw, rcpt, Date.now()));
          rcpt = [];
          reply('250 OK queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') rcpt = [];
        if (verb === 'RCPT') rcpt.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        if (verb === 'DATA') inData = true;
        reply(REPLIES[verb] ?? '250 OK');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        received,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
