import { onTestFinished, vi } from 'vitest';

/** A JSON answer as the API gives it. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** GET /api/user/portfolio of someone who holds nothing. */
const EMPTY_PORTFOLIO = {
  currency: 'GBP',
  total: 0,
  available: 0,
  locked: 0,
  pending: 0,
  holdings: [],
  awaitingPayment: [],
  history: [],
  exchangeRates: { GBP: '1', USD: '1.24', EUR: '1.19', AUD: '1.99' },
  priceDate: '2026-03-10',
};

/** GET /api/site/trust before the operator has written any statement (the footer of every page asks). */
export const NO_TRUST_STATEMENTS = { regulatoryLine: null, regulatory: null, security: null };

/**
 * Stubs fetch with handlers keyed 'METHOD /api/path' (query string included). GET /api/site/trust
 * answers no statements and is not listed in `calls` (the footer asks it on every page), GET /api/user
 * answers 401, the side menu's needs-my-vote count 0, the bell's unread count and the unread chat count 0, and the dashboard's total an empty one unless given. A request without a handler fails the test when it ends (the app
 * itself only sees a network error). `calls` lists every request with its parsed JSON body.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const call: ApiCall = { method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    const handler = handlers[`${method} ${url}`];
    if (!handler && method === 'GET' && url === '/api/site/trust') return json(200, NO_TRUST_STATEMENTS);
    calls.push(call);
    if (handler) return handler(call);
    if (method === 'GET' && url === '/api/user') return json(401, { message: 'Please log in', code: 'UNAUTHORIZED' });
    // The side menu's count next to Votes, asked by every signed-in page with the grouped menu.
    if (method === 'GET' && url === '/api/governance/votes/needs-my-vote-count') return json(200, { count: 0 });
    // The header bell's unread count, asked by every signed-in page.
    if (method === 'GET' && url === '/api/notifications/unread-count') return json(200, { unread: 0 });
    // The side menu's unread count next to the sales chat.
    if (method === 'GET' && url === '/api/chat/unread') return json(200, { unread: 0 });
    // The dashboard's total, for tests that land on /dashboard on their way (money-summary.test has its own).
    if (method === 'GET' && url.startsWith('/api/user/portfolio')) return json(200, EMPTY_PORTFOLIO);
    unexpected.push(`${method} ${url}`);
    throw new TypeError(`Unexpected fetch in a test: ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    if (unexpected.length) throw new Error(`Requests without a handler: ${unexpected.join(', ')}`);
  });
  return {
    calls,
    /** The requests to one 'METHOD /api/path'. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url}` === key),
  };
}

/** A promise and its resolve function, to hold an answer back while a test looks at the page. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** What the API does at sign-in besides its answer: the readable session hint cookie. */
export function setSignedInHint(): void {
  document.cookie = 'lu_signed_in=1; Path=/';
}
