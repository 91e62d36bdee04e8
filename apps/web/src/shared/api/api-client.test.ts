import { NETWORK_ERROR_MESSAGE } from '@landunits/domain';
import { describe, expect, it, vi } from 'vitest';
import { IDEAS_CONTRACTS } from '@landunits/domain/contracts';
import { api, apiRequest, call, pathOf, urlOf } from './api-client';
import { ApiError, NetworkError, errorMessage } from './api-error';
import { onStepUpRequired } from './step-up-bridge';
import { STEP_UP_MESSAGES } from '@landunits/domain';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('apiRequest', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => json(200, { message: 'Registered' }));
    vi.stubGlobal('fetch', fetchMock);

    const body = await api.post<{ message: string }>('/user/register', { email: 'a@b.co' });

    expect(body).toEqual({ message: 'Registered' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [''];
    expect(url).toBe('/api/user/register');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('adds query parameters and leaves out empty ones', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => json(200, []));
    vi.stubGlobal('fetch', fetchMock);

    await api.get('/order/getTransactions', { query: { page: 2, orderType: '', unitType: undefined, sortBy: 'date' } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/order/getTransactions?page=2&sortBy=date');
  });

  it('turns an error body into an ApiError with status, code, message and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          message: 'Please check the form',
          code: 'VALIDATION_FAILED',
          errors: { email: 'Email is Required', firstName: 'First Name is Required' },
        }),
      ),
    );

    const error = await apiRequest('/user/register', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.message).toBe('Please check the form');
    expect(apiError.errors).toEqual({ email: 'Email is Required', firstName: 'First Name is Required' });
    expect(errorMessage(apiError)).toBe('Please check the form');
  });

  it('gives an error answer without the API shape a status code and a plain message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502 })),
    );

    const error = (await api.get('/order/get_price').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_502');
    expect(error.errors).toEqual({});
    expect(error.message).toMatch(/try again/i);
  });

  it("throws a NetworkError reading 'Network Error' when the request gets no answer", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await api.get('/user').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(NETWORK_ERROR_MESSAGE);
    expect((error as Error).message).toBe('Network Error');
    expect(errorMessage(error)).toBe('Network Error');
  });

  it('rethrows an abort as it is, not as a network error', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }),
    );

    const error = await api.get('/user', { signal: controller.signal }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('returns undefined for 204 No Content and sends FormData as is', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('bankAccountName', 'Ada');

    const body = await api.post('/user/update-bank', form);

    expect(body).toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('a request the server wants confirmed (403 STEP_UP_REQUIRED)', () => {
  const refusal = () => json(403, { message: 'Please confirm it is you to sell Units.', code: 'STEP_UP_REQUIRED', errors: { stepUp: 'sell' } });

  it('is sent again once the step-up dialog says the person confirmed', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => (fetchMock.mock.calls.length === 1 ? refusal() : json(201, { ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    const asked = vi.fn(async () => true);
    const stop = onStepUpRequired(asked);
    try {
      expect(await api.post('/order/create_order', { orderType: 'SELL' }, { headers: { 'Idempotency-Key': 'k1' } })).toEqual({ ok: true });
    } finally {
      stop();
    }
    expect(asked).toHaveBeenCalledWith({ action: 'sell', message: 'Please confirm it is you to sell Units.' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(fetchMock.mock.calls[0]?.[1]?.body);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });

  it('answers STEP_UP_CANCELLED when the dialog was closed, and the refusal itself when no dialog is there', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => refusal());
    vi.stubGlobal('fetch', fetchMock);
    const stop = onStepUpRequired(async () => false);
    const cancelled = (await api.post('/order/create_order', {}).catch((e: unknown) => e)) as ApiError;
    stop();
    expect([cancelled.code, cancelled.message]).toEqual(['STEP_UP_CANCELLED', STEP_UP_MESSAGES.cancelled]);
    const alone = (await api.post('/order/create_order', {}).catch((e: unknown) => e)) as ApiError;
    expect([alone.status, alone.code, alone.errors]).toEqual([403, 'STEP_UP_REQUIRED', { stepUp: 'sell' }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('call(CONTRACT, input)', () => {
  it('takes method and path from the contract, fills and encodes the path parameters, sends query and body', async () => {
    const fetchMock = vi.fn(async (..._args: FetchArgs) => json(200, { message: 'Done', idea: {} }));
    vi.stubGlobal('fetch', fetchMock);

    const answer = await call(IDEAS_CONTRACTS.setStatus, { params: { id: '4/2' }, body: { status: 'adopted', reply: 'Soon' } });

    expect(answer.message).toBe('Done');
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [''];
    expect(url).toBe('/api/admin/ideas/4%2F2/status');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"status":"adopted","reply":"Soon"}');

    await call(IDEAS_CONTRACTS.list, { query: { page: 2, status: '' } });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/community/ideas?page=2');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('GET');
  });

  it('refuses to call a route without one of its path parameters', () => {
    expect(() => pathOf(IDEAS_CONTRACTS.show, {})).toThrow('needs the parameter "id"');
    expect(urlOf(IDEAS_CONTRACTS.adminList, { query: { visibility: 'hidden' } })).toBe('/api/admin/ideas?visibility=hidden');
  });
});
