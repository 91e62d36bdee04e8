import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DATE_UNREADABLE, DateField } from './date-field';

/** A form's field: the value it holds (YYYY-MM-DD) is written out beside it. */
function Harness({ initial = '', error, min, max }: { initial?: string; error?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Transfer date" hint="From tomorrow onwards" value={value} onChange={(event) => setValue(event.target.value)} error={error} min={min} max={max} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2027-01-31')}>
        Set from outside
      </button>
    </>
  );
}

const valueHeld = () => screen.getByTestId('value').textContent;
const setup = () => userEvent.setup({ delay: null });

describe('DateField', () => {
  it('shows a YYYY-MM-DD value as DD MMM YYYY, labelled, its hint linked', () => {
    render(<Harness initial="2026-11-28" />);
    const input = screen.getByLabelText('Transfer date') as HTMLInputElement;
    expect(input.value).toBe('28 Nov 2026');
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('DD MMM YYYY');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('From tomorrow onwards');
  });

  it('reads what is typed the same whatever the locale, and gives the form YYYY-MM-DD', async () => {
    const user = setup();
    render(<Harness />);
    const input = screen.getByLabelText('Transfer date') as HTMLInputElement;
    for (const typed of ['28 Nov 2026', '28/11/2026', '2026-11-28', '28 november 2026']) {
      await user.clear(input);
      await user.type(input, typed);
      expect(valueHeld(), typed).toBe('2026-11-28');
    }
    // Leaving the field writes the day in the one display format.
    await user.tab();
    expect(input.value).toBe('28 Nov 2026');
    await user.clear(input);
    expect(valueHeld()).toBe('');
  });

  it('says so for text that is no day once the field is left, and the form gets the text (so it refuses it)', async () => {
    const user = setup();
    render(<Harness />);
    const input = screen.getByLabelText('Transfer date');
    await user.type(input, '11/28/2026');
    expect(valueHeld()).toBe('11/28/2026');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe(DATE_UNREADABLE);
    await user.clear(input);
    await user.type(input, '29 Nov 2026');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the form’s message for a real day (in the future, after the start…)', () => {
    render(<Harness initial="2020-01-01" error="Expiry date must be in the future" />);
    const input = screen.getByLabelText('Transfer date');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Expiry date must be in the future')).toBeTruthy();
  });

  it('shows a value set from outside (a reset, the address)', async () => {
    const user = setup();
    render(<Harness initial="2026-11-28" />);
    await user.click(screen.getByRole('button', { name: 'Set from outside' }));
    expect((screen.getByLabelText('Transfer date') as HTMLInputElement).value).toBe('31 Jan 2027');
  });

  it('opens a calendar from its button, chosen by keyboard, and gives focus back on Escape', async () => {
    const user = setup();
    const onChange = vi.fn();
    render(<DateField label="From" value="2026-11-28" onChange={onChange} min="2026-11-01" max="2026-12-31" />);
    const button = screen.getByRole('button', { name: 'Calendar for From' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const calendar = await screen.findByRole('dialog', { name: 'Choose a day: From' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The chosen day has the focus; the arrow keys move it, Enter chooses.
    const selected = await within(calendar).findByRole('button', { name: /November 28/ });
    await waitFor(() => expect(document.activeElement).toBe(selected));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ target: { value: '2026-11-29' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await screen.findByRole('dialog', { name: 'Choose a day: From' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
