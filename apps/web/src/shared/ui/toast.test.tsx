import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/api-error';
import { createQueryClient, notifyError } from '../api/query-client';
import { ToastRegion } from './toast';
import { TOAST_DURATION_MS } from './toast-store';
import * as styles from './toast.module.css';

function region() {
  return screen.getByRole('status', { name: 'Notifications' });
}

describe('toasts (SPEC §8 generic handler)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the server's message in a polite live region fixed at the bottom centre", () => {
    render(<ToastRegion />);
    act(() => notifyError(new ApiError(409, 'LIMIT_EXCEEDED', 'You can only buy up to 120 units')));

    const live = region();
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(within(live).getByText('You can only buy up to 120 units')).toBeTruthy();
    const style = getComputedStyle(live);
    expect(style.position).toBe('fixed');
    expect(style.left).toBe('50%');
    expect(style.transform).toBe('translateX(-50%)');
    expect(style.bottom).not.toMatch(/^(|auto)$/);
    expect(['', 'auto']).toContain(style.top);
  });

  it("shows 'Network Error' when the request got no answer, otherwise the error's own message", () => {
    render(<ToastRegion />);
    act(() => notifyError(new NetworkError()));
    act(() => notifyError(new Error('The file is too large')));

    expect(within(region()).getByText('Network Error')).toBeTruthy();
    expect(within(region()).getByText('The file is too large')).toBeTruthy();
  });

  it('can be dismissed with its button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ToastRegion />);
    act(() => notifyError(new Error('Could not save')));

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(screen.queryByText('Could not save')).toBeNull();
  });

  it('leaves by itself after about 6 seconds, but not while the pointer rests on it', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => notifyError(new Error('First')));

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.queryByText('First')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('First')).toBeNull();

    act(() => notifyError(new Error('Second')));
    const toast = screen.getByText('Second').closest(`.${styles.toast}`) as HTMLElement;
    act(() => {
      toast.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.queryByText('Second')).not.toBeNull();
    act(() => {
      toast.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Second')).toBeNull();
  });
});

describe('query client wiring', () => {
  function FailingQuery({ silent }: { silent: boolean }) {
    useQuery({
      queryKey: ['prices', silent],
      queryFn: () => Promise.reject(new ApiError(500, 'INTERNAL', 'Prices are not available right now')),
      retry: false,
      meta: { silent },
    });
    return null;
  }

  function FailingMutation() {
    const mutation = useMutation({
      mutationFn: () => Promise.reject(new ApiError(429, 'RATE_LIMITED', 'Too many attempts')),
    });
    return (
      <button type="button" onClick={() => mutation.mutate()}>
        Send
      </button>
    );
  }

  it('toasts failed queries and mutations', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FailingQuery silent={false} />
        <FailingMutation />
        <ToastRegion />
      </QueryClientProvider>,
    );

    expect(await within(region()).findByText('Prices are not available right now')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(region()).findByText('Too many attempts')).toBeTruthy();
  });

  it('stays quiet for queries marked meta.silent', async () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <FailingQuery silent />
        <ToastRegion />
      </QueryClientProvider>,
    );

    await vi.waitFor(() => expect(client.getQueryState(['prices', true])?.status).toBe('error'));
    expect(region().textContent).toBe('');
  });
});
