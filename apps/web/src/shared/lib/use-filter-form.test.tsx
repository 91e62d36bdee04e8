import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';
import { useFilterForm } from './use-form';

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

const PeriodSchema = z
  .strictObject({ q: z.string().max(5, 'At most 5 characters'), from: z.string(), sort: z.enum(['new', 'old']), page: z.string().regex(/^\d+$/, 'Page is a number') })
  .refine((v) => v.from === '' || v.from >= '2026-01-01', { path: ['from'], message: 'From 2026 on' });

function Filters({ address, errors, onApply }: { address: { q: string; from: string; sort: string }; errors?: Record<string, string>; onApply: (v: unknown) => void }) {
  const schema = { safeParse: (v: unknown) => PeriodSchema.safeParse({ ...(v as object), page: '1' }) };
  const form = useFilterForm(address, onApply, { schema, errors });
  return (
    <form {...form.formProps} aria-label="Filters">
      <TextField {...form.field('q')} label="Search" />
      <TextField {...form.field('from')} label="From" />
      <Select
        {...form.choose('sort')}
        label="Sort"
        options={[
          { value: 'new', label: 'Newest' },
          { value: 'old', label: 'Oldest' },
        ]}
      />
      {form.otherErrors.length ? <p role="alert">{form.otherErrors.join(' ')}</p> : null}
      <button type="submit">Show</button>
    </form>
  );
}

describe('useFilterForm', () => {
  it('starts from the address, checks with the schema before applying, and applies a chosen sort at once', async () => {
    const user = userEvent.setup({ delay: null });
    const onApply = vi.fn();
    render(<Filters address={{ q: 'ab', from: '', sort: 'new' }} onApply={onApply} />);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('ab');

    await user.type(screen.getByLabelText('From'), '2025-05-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('From'))).toBe('From 2026 on'));
    expect(onApply).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('From'));
    await user.selectOptions(screen.getByLabelText('Sort'), 'old');
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]?.[0]).toEqual({ q: 'ab', from: '', sort: 'old', page: '1' });
  });

  it("follows the address when it changes, and shows the address's own messages at once", async () => {
    const { rerender } = render(<Filters address={{ q: 'ab', from: '', sort: 'new' }} onApply={() => {}} />);
    rerender(<Filters address={{ q: 'toolong', from: '', sort: 'old' }} errors={{ q: 'At most 5 characters', page: 'Page is a number' }} onApply={() => {}} />);
    await waitFor(() => expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('toolong'));
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('old');
    await waitFor(() => expect(errorOf(screen.getByLabelText('Search'))).toBe('At most 5 characters'));
    expect(screen.getByRole('alert').textContent).toBe('Page is a number');
    expect(document.activeElement).toBe(document.body);
  });
});

describe('useFilterForm with a navigation that takes a moment', () => {
  it('keeps what was typed after a choice was applied, when the address of that choice arrives later', async () => {
    const user = userEvent.setup({ delay: null });
    const applied: unknown[] = [];
    function Page() {
      const [address, setAddress] = useState({ q: '', from: '', sort: 'new' });
      const apply = (values: unknown) => {
        applied.push(values);
        const { q, from, sort } = values as typeof address;
        // The address changes a moment later, as a navigation does.
        setTimeout(() => setAddress({ q, from, sort }), 50);
      };
      return (
        <>
          <Filters address={address} onApply={apply} />
          <p>Address sort: {address.sort}</p>
        </>
      );
    }
    render(<Page />);
    await user.selectOptions(screen.getByLabelText('Sort'), 'old');
    await waitFor(() => expect(applied).toHaveLength(1));
    await user.type(screen.getByLabelText('Search'), 'ab');
    expect(await screen.findByText('Address sort: old')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('ab');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('old');
  });
});
