import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '../shared/ui/toast-store';
import { installDialogPolyfill, installMatchMedia, setViewportWidth } from './browser-shims';

/**
 * Test environment for the web app:
 * - console.error fails the test (React warnings, act() problems, failed prop types...);
 * - jsdom lacks matchMedia, <dialog> methods and scrolling: small shims stand in;
 * - every test starts with empty storage, cookies and toasts, a wide viewport, and a fetch that
 *   answers 401 to GET /api/user (signed out), no statements to the footer's GET /api/site/trust,
 *   and fails loudly for anything else;
 * - findBy / waitFor wait up to 15 s: pages are lazy chunks, and under a loaded machine (the full
 *   suite on 2 cores with another process busy) importing one took longer than 5 s. A bound that
 *   only a hang reaches, never a measurement: a passing wait returns as soon as the element shows.
 */

configure({ asyncUtilTimeout: 15_000 });

// Node 25 and later define a localStorage and sessionStorage of their own (unusable without
// --localstorage-file) that hide jsdom's: the tests use jsdom's, as a browser would.
const dom = (globalThis as { jsdom?: { window: Window } }).jsdom;
for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (dom && globalThis[name] !== dom.window[name]) {
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
  }
}

installMatchMedia();
installDialogPolyfill();
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

let consoleErrors: string[] = [];
const originalConsoleError = console.error;

function unexpectedFetch(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url === '/api/user') {
    return Promise.resolve(
      new Response(JSON.stringify({ message: 'Please log in', code: 'UNAUTHORIZED' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  // The site footer's statements, asked by every page: none written.
  if (url === '/api/site/trust') {
    return Promise.resolve(new Response(JSON.stringify({ regulatoryLine: null, regulatory: null, security: null }), { status: 200, headers: { 'content-type': 'application/json' } }));
  }
  return Promise.reject(new Error(`Unexpected fetch in a test: ${url}`));
}

beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
    consoleErrors.push(text);
    throw new Error(`console.error was called:\n${text}`);
  };
  setViewportWidth(1280);
  vi.stubGlobal('fetch', vi.fn(unexpectedFetch));
});

afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  console.error = originalConsoleError;
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length) throw new Error(`console.error was called during the test:\n${errors.join('\n')}`);
});
