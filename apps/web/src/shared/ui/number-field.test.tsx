import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { cleanNumberInput, NumberField, WHOLE_NUMBER_MESSAGE } from './number-field';

function Controlled({ allowDecimal = false }: { allowDecimal?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <NumberField label="Number of Units" value={value} onValueChange={setValue} allowDecimal={allowDecimal} />
      <output>{value}</output>
    </>
  );
}

describe('NumberField', () => {
  it('strips leading zeros as the visitor types (SPEC §5)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Controlled />);
    const input = screen.getByLabelText('Number of Units') as HTMLInputElement;

    await user.type(input, '007');

    expect(input.value).toBe('7');
    expect(screen.getByRole('status').textContent).toBe('7');
  });

  it('keeps a single zero and drops characters that are not digits', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Controlled />);
    const input = screen.getByLabelText('Number of Units') as HTMLInputElement;

    await user.type(input, '0');
    expect(input.value).toBe('0');
    await user.clear(input);
    await user.type(input, '1a2-34');
    expect(input.value).toBe('1234');
  });

  it('keeps a decimal typed into a whole-number field and says so, rather than reading 2.5 as 25', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Controlled />);
    const input = screen.getByLabelText('Number of Units') as HTMLInputElement;

    await user.type(input, '2.5');

    expect(input.value).toBe('2.5');
    expect(screen.getByRole('status').textContent).toBe('2.5');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(WHOLE_NUMBER_MESSAGE)).toBeTruthy();
  });

  it('says the field’s own whole-number message, also when uncontrolled', async () => {
    const user = userEvent.setup({ delay: null });
    render(<NumberField label="Units" defaultValue="" wholeMessage="Units are whole numbers." />);

    await user.type(screen.getByLabelText('Units'), '7,5');

    expect(screen.getByText('Units are whole numbers.')).toBeTruthy();
  });

  it('asks for the numeric keyboard', () => {
    render(<Controlled />);
    expect(screen.getByLabelText('Number of Units').getAttribute('inputmode')).toBe('numeric');
  });

  it('also cleans uncontrolled inputs (form libraries that read the DOM)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<NumberField label="Units" defaultValue="" />);
    const input = screen.getByLabelText('Units') as HTMLInputElement;

    await user.type(input, '000120');

    expect(input.value).toBe('120');
  });

  it('links an error message and marks the field invalid', () => {
    render(<NumberField label="Units" error="You can only buy up to 120 units" hint="Whole Units only" />);
    const input = screen.getByLabelText('Units');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Whole Units only', 'You can only buy up to 120 units']);
  });
});

describe('cleanNumberInput', () => {
  it.each([
    ['007', false, '7'],
    ['0', false, '0'],
    ['00', false, '0'],
    ['12.5', false, '12.5'],
    ['2,5', false, '2,5'],
    ['007.5', false, '007.5'],
    ['12,345,678', false, '12345678'],
    ['00.50', true, '0.50'],
    ['1.2.3', true, '1.23'],
    ['£1,000', false, '1000'],
  ])('%s (decimal %s) → %s', (raw, allowDecimal, expected) => {
    expect(cleanNumberInput(raw, allowDecimal)).toBe(expected);
  });
});
