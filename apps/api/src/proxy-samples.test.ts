import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_API } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_SERVER_ENTRY, freePort, serversOn } from './test/process';
import { PRODUCTION_SETTINGS } from './test/settings';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';

/**
 * The proxy samples in deploy/ (docs/operations.md, "Behind a reverse proxy"), run as written by
 * Debian's nginx and Caddy in front of the compiled server. The test changes only their addresses,
 * ports and certificate. Through each proxy, with TLS, it checks:
 * - readiness;
 * - the redirect from plain HTTP;
 * - that the client's address and scheme reach the app (TRUST_PROXY=1);
 * - that a sign-in request passes with its origin;
 * - that bodies beyond the proxy's default limit reach the app;
 * - that a live update stream is delivered as it happens, not buffered;
 * - that a request after the app's keep-alive time is answered, not a 502.
 * CI installs both proxies (.ci/run) and fails without them; elsewhere the file is skipped, with its
 * name telling how to install them (`npm test` needs nothing installed by hand).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const CADDY = '/usr/bin/caddy';
const missing = [NGINX, CADDY].filter((binary) => !existsSync(binary));
if (missing.length > 0 && process.env.CI) throw new Error(`${missing.join(' and ')} not found: install them with apt-get install -y nginx caddy`);
const installed = missing.length === 0;

const dir = mkdtempSync(path.join(tmpdir(), 'lu-proxies-'));
const start = serversOn(dir, COMPILED_SERVER_ENTRY);
let smtp: SmtpSink;
let appPort: number;
let httpPort: number;
let httpsPort: number;
let site: string;
let app: ReturnType<typeof start>;
let cert: Buffer;

beforeAll(async () => {
  if (!installed) return;
  execFileSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], { stdio: 'pipe' });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
  cert = readFileSync(path.join(dir, 'cert.pem'));
  smtp = await startSmtpSink(0);
  [appPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  site = `https://127.0.0.1:${httpsPort}`;
  app = start({
    ...PRODUCTION_SETTINGS,
    PUBLIC_URL: site,
    TRUST_PROXY: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    PORT: String(appPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  });
  const deadline = Date.now() + 120_000;
  while ((await fetch(`http://127.0.0.1:${appPort}/readyz`).catch(() => null))?.status !== 200) {
    if (app.child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);
describe.skipIf(installed)('the reverse proxy samples (skipped: apt-get install -y nginx caddy to run them)', () => {
  it.todo('nginx and Caddy in front of the compiled server');
});
afterAll(async () => {
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request through the proxy, trusting its test certificate, from `localAddress`. */
function call(method: string, pathname: string, options: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${site}${pathname}`, { method, headers: options.headers, ca: cert, localAddress: options.localAddress ?? '127.0.0.1' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    // An app that refuses a large body answers and closes before the body is all sent: the rest
    // of the write fails (EPIPE) after the answer is in.
    req.on('socket', (socket) => socket.on('error', () => {}));
    req.end(options.body);
  });
}

/** Opens a live update stream and collects its text; resolves `until` once `pattern` has arrived. */
function openStream(pathname: string, cookie: string) {
  let text = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const req = httpsRequest(`${site}${pathname}`, { headers: { cookie, accept: 'text/event-stream' }, ca: cert }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      for (const waiter of waiters.filter((w) => w.pattern.test(text))) waiter.resolve();
    });
  });
  req.on('error', () => {});
  req.end();
  return {
    until: (pattern: RegExp, ms: number) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(text)) return resolve();
        const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms through the proxy; the stream so far:\n${text}`)), ms);
        waiters.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    close: () => req.destroy(),
  };
}

async function waitForProxy(proxy: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proxy.exitCode !== null) throw new Error(`the proxy exited:\n${log()}`);
    const answer = await call('GET', '/readyz').catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`the proxy did not pass requests on:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function runProxy(command: string, args: string[], env: Record<string, string> = {}) {
  let log = '';
  const proxy = spawn(command, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proxy.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  proxy.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise((resolve) => proxy.on('exit', resolve));
  return {
    proxy,
    log: () => log,
    stop: async () => {
      if (proxy.exitCode === null) proxy.kill('SIGTERM');
      await exited;
    },
  };
}

/** What every sample must do, checked through it. */
async function checkThrough(redirectStatus: number): Promise<void> {
  const ready = await call('GET', '/readyz');
  expect(ready.status).toBe(200);
  expect(JSON.parse(ready.body)).toMatchObject({ status: 'ready' });

  // Plain HTTP goes to HTTPS.
  const plain = await fetch(`http://127.0.0.1:${httpPort}/fees`, { redirect: 'manual' });
  expect(plain.status).toBe(redirectStatus);
  expect(plain.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/fees$/);

  // The client's own address (127.0.0.2 here; the proxy reaches the app from 127.0.0.1) is the
  // one the app logs and rate-limits by.
  const probe = `/livez?probe=${randomUUID()}`;
  expect((await call('GET', probe, { localAddress: '127.0.0.2' })).status).toBe(200);
  await expect
    .poll(
      () =>
        app
          .output()
          .split('\n')
          .find((line) => line.includes(probe)) ?? '',
      { timeout: 5_000 },
    )
    .toContain('"remoteAddress":"127.0.0.2"');

  // A sign-in passes with its origin and body (wrong password: 401, in the API's error shape).
  const login = await call('POST', '/api/auth/login', {
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
  });
  expect(login.status).toBe(401);
  expect(JSON.parse(login.body)).toHaveProperty('message');

  // An upload past the proxy's default limit (1 MB in nginx) reaches the app: signed out, it is
  // the app's 401 in its error shape, not the proxy's own 413 page.
  const boundary = 'lu-proxy-check';
  const upload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="idFront"; filename="scan.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
    Buffer.alloc(6 * 1024 * 1024, 0xff),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await call('POST', '/api/user/update_profile', { headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: site }, body: upload });
  expect(uploaded.status).toBe(401);
  expect(uploaded.headers['content-type']).toMatch(/^application\/json/);

  // A visitor's chat stream: the ready event, then a message, each as it happens.
  const started = await call('POST', CHAT_API.start, {
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({ name: 'Ada Visitor', email: 'ada.visitor@example.com', consent: true }),
  });
  expect(started.status).toBe(201);
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const stream = openStream(CHAT_API.stream, cookie);
  try {
    await stream.until(/event: ready/, 5_000);
    const sent = await call('POST', CHAT_API.messages, {
      headers: { 'content-type': 'application/json', origin: site, cookie },
      body: JSON.stringify({ body: 'Hello through the proxy', clientId: randomUUID() }),
    });
    expect(sent.status).toBeLessThan(300);
    await stream.until(/event: message[\s\S]*Hello through the proxy/, 5_000);
  } finally {
    stream.close();
  }

  // After the app has closed its idle kept-alive connections (5 s), the next request is answered.
  await new Promise((r) => setTimeout(r, 5_200));
  expect((await call('GET', '/livez')).status).toBe(200);
}

describe.runIf(installed)('the reverse proxy samples', () => {
  it('nginx (deploy/nginx/landunits.conf) passes every check', async () => {
    const conf = path.join(dir, 'nginx');
    for (const sub of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(conf, sub), { recursive: true });
    const sample = readFileSync(path.join(root, 'deploy/nginx/landunits.conf'), 'utf8')
      .replace(/127\.0\.0\.1:300[12]/g, `127.0.0.1:${appPort}`)
      .replace(/^\s*listen \[::\]:.*$/gm, '')
      .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
      .replace(/server_name landunits\.example;/g, 'server_name 127.0.0.1;')
      .replace(/ssl_certificate \S+;/, `ssl_certificate ${path.join(dir, 'cert.pem')};`)
      .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${path.join(dir, 'key.pem')};`);
    writeFileSync(path.join(conf, 'landunits.conf'), sample);
    writeFileSync(
      path.join(conf, 'nginx.conf'),
      `daemon off;\nmaster_process off;\npid ${conf}/nginx.pid;\nerror_log stderr warn;\nevents { worker_connections 256; }\n` +
        `http {\n  access_log off;\n  client_body_temp_path ${conf}/body;\n  proxy_temp_path ${conf}/proxy;\n  fastcgi_temp_path ${conf}/fastcgi;\n  uwsgi_temp_path ${conf}/uwsgi;\n  scgi_temp_path ${conf}/scgi;\n  include ${conf}/landunits.conf;\n}\n`,
    );
    const check = spawnSync(NGINX, ['-t', '-p', conf, '-c', path.join(conf, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);

    const nginx = runProxy(NGINX, ['-p', conf, '-c', path.join(conf, 'nginx.conf')]);
    try {
      await waitForProxy(nginx.proxy, nginx.log);
      await checkThrough(301);
    } finally {
      await nginx.stop();
    }
  }, 120_000);

  it('Caddy (deploy/caddy/Caddyfile) passes every check', async () => {
    const conf = path.join(dir, 'caddy');
    mkdirSync(conf, { recursive: true });
    const sample = readFileSync(path.join(root, 'deploy/caddy/Caddyfile'), 'utf8')
      .replace(/127\.0\.0\.1:300[12]/g, `127.0.0.1:${appPort}`)
      .replace(/^landunits\.example \{$/m, `127.0.0.1 {\n\ttls ${path.join(dir, 'cert.pem')} ${path.join(dir, 'key.pem')}`);
    const options = `\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tstorage file_system ${conf}/storage\n`;
    writeFileSync(path.join(conf, 'Caddyfile'), sample.replace(/^\{\n/m, `{\n${options}`));
    const env = { HOME: conf, XDG_DATA_HOME: conf, XDG_CONFIG_HOME: conf };
    const check = spawnSync(CADDY, ['validate', '--adapter', 'caddyfile', '--config', path.join(conf, 'Caddyfile')], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
    expect(check.status, check.stderr).toBe(0);

    const caddy = runProxy(CADDY, ['run', '--adapter', 'caddyfile', '--config', path.join(conf, 'Caddyfile')], env);
    try {
      await waitForProxy(caddy.proxy, caddy.log);
      await checkThrough(308);
    } finally {
      await caddy.stop();
    }
  }, 120_000);
});
