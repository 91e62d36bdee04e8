import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/api-error';
import { isRetryableFailure, newIdempotencyKey, useIdempotentSubmit } from './idempotency';

describe('newIdempotencyKey', () => {
  it('fits the API’s rule (8–100 of A-Za-z0-9_.:-) and differs each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it('works without crypto.randomUUID (pages served over plain http)', () => {
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    // The shadowing own property is gone: the real randomUUID is back.
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });
});

describe('isRetryableFailure', () => {
  it.each([
    [new NetworkError(), true],
    [new ApiError(503, 'UNAVAILABLE', 'Busy'), true],
    [new ApiError(500, 'INTERNAL', 'Oops'), true],
    [new ApiError(429, 'RATE_LIMITED', 'Slow down'), true],
    [new ApiError(409, 'INSUFFICIENT_UNITS', 'Not enough units available.'), false],
    [new ApiError(400, 'VALIDATION_FAILED', 'Check the form'), false],
    [new Error('other'), false],
  ])('%s → %s', (error, expected) => {
    expect(isRetryableFailure(error)).toBe(expected);
  });
});

describe('useIdempotentSubmit', () => {
  it('keeps key and body across retryable failures, and starts over after a definite answer or a reset', async () => {
    const answers: (() => Promise<string>)[] = [
      () => Promise.reject(new NetworkError()),
      () => Promise.resolve('created'),
      () => Promise.reject(new ApiError(409, 'TRANSITION_REFUSED', 'No')),
      () => Promise.reject(new NetworkError()),
      () => Promise.resolve('again'),
    ];
    const request = vi.fn((_body: { units: number }, _key: string) => (answers.shift() as () => Promise<string>)());
    const { result } = renderHook(() => useIdempotentSubmit(request));

    await act(() => expect(result.current.send({ units: 1 })).rejects.toBeInstanceOf(NetworkError));
    await act(() => expect(result.current.send({ units: 2 })).resolves.toBe('created'));
    await act(() => expect(result.current.send({ units: 3 })).rejects.toBeInstanceOf(ApiError));
    await act(() => expect(result.current.send({ units: 4 })).rejects.toBeInstanceOf(NetworkError));
    act(() => result.current.reset());
    await act(() => expect(result.current.send({ units: 5 })).resolves.toBe('again'));

    const [first, retry, third, fourth, fifth] = request.mock.calls;
    // A retry sends the submission it retries, whatever the form holds now.
    expect(retry?.[0]).toEqual({ units: 1 });
    expect(retry?.[1]).toBe(first?.[1]);
    expect(third?.[1]).not.toBe(first?.[1]);
    expect(fourth?.[1]).not.toBe(third?.[1]);
    expect(fifth?.[1]).not.toBe(fourth?.[1]);
    expect(fifth?.[0]).toEqual({ units: 5 });
  });
});
