import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { useSession } from './session';

function Probe() {
  const session = useSession();
  return <output>{session.isLoading ? 'loading' : JSON.stringify(session)}</output>;
}

function renderSession() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function settled() {
  const output = screen.getByRole('status');
  await vi.waitFor(() => expect(output.textContent).not.toBe('loading'), { timeout: 5_000 });
  return JSON.parse(output.textContent ?? '{}');
}

const HINT = 'lu_signed_in';
const signedInHint = () => {
  document.cookie = `${HINT}=1; Path=/`;
};

describe('useSession', () => {
  it('does not ask the server without the session hint cookie: signed out at once', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await settled()).toEqual({ isAuth: false, user: null, isAdmin: false, adminRole: null, isLoading: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops a stale hint when the server says the session is gone', async () => {
    signedInHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'Please log in', code: 'UNAUTHORIZED' })),
    );
    renderSession();
    expect(await settled()).toMatchObject({ isAuth: false });
    expect(document.cookie).not.toContain(`${HINT}=1`);
  });

  it('asks again when the server is busy for a moment: a 503 then the bundle signs the user in', async () => {
    signedInHint();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, { message: 'The database is not answering.', code: 'UNAVAILABLE' }))
      .mockResolvedValueOnce(json(200, { user: { email: 'ada@example.com', firstName: 'Ada', lastName: 'L', userType: 'USER', firstLogin: false } }));
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await settled()).toMatchObject({ isAuth: true, user: { email: 'ada@example.com' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(document.cookie).toContain(`${HINT}=1`);
  });

  it('no answer three times: signed out for now, with the hint kept so the next page load asks again', async () => {
    signedInHint();
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await settled()).toMatchObject({ isAuth: false });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(document.cookie).toContain(`${HINT}=1`);
  });

  it('is loading until GET /api/user answers', () => {
    signedInHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderSession();
    expect(screen.getByRole('status').textContent).toBe('loading');
  });

  it('a 2xx dashboard bundle signs the user in', async () => {
    signedInHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          user: { email: 'ada@example.com', firstName: 'Ada', lastName: 'L', userType: 'USER', firstLogin: true },
          prices: {},
        }),
      ),
    );
    renderSession();
    const session = await settled();
    expect(session).toMatchObject({ isAuth: true, isAdmin: false, isLoading: false });
    expect(session.user).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'L',
      userType: 'USER',
      firstLogin: true,
    });
  });

  it('role ADMIN makes an admin', async () => {
    signedInHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { user: { email: 'a@b.co', firstName: 'A', lastName: '', userType: 'USER', firstLogin: false, role: 'ADMIN' } })),
    );
    renderSession();
    expect(await settled()).toMatchObject({ isAuth: true, isAdmin: true });
  });

  it.each([
    ['401', () => json(401, { message: 'Please log in', code: 'UNAUTHORIZED' })],
    ['404', () => json(404, { message: 'Not found', code: 'NOT_FOUND' })],
    ['a body without a user', () => json(200, { ok: true })],
  ])('%s means signed out', async (_name, answer) => {
    signedInHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    renderSession();
    expect(await settled()).toEqual({ isAuth: false, user: null, isAdmin: false, adminRole: null, isLoading: false });
  });

  it('a network failure means signed out, silently', async () => {
    signedInHint();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderSession();
    expect(await settled()).toMatchObject({ isAuth: false, user: null });
  });
});
