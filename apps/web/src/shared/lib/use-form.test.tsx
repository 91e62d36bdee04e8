import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../ui/text-field';
import { FORM_LOAD_FAILED, lazySchema, type FormSchema, type LazyFormSchema, type SubmitHelpers } from './form-schema';
import { usePublicForm } from './public-form';
import { useForm } from './use-form';

const NameSchema = z.strictObject({ name: z.string().trim().min(1, 'Name is required') });
type Name = z.output<typeof NameSchema>;

/** The form kit and the public forms' light hook behave alike; the lazy schema is for both. */
type Hook = typeof usePublicForm;
const HOOKS: readonly (readonly [string, Hook])[] = [
  // The kit's form has more than a public form: only what both have is used here.
  ['useForm', useForm as unknown as Hook],
  ['usePublicForm', usePublicForm],
];

function NameForm({ hook, schema, onValid }: { hook: Hook; schema: LazyFormSchema<Name>; onValid: (data: Name) => void }) {
  const form = hook(schema, { name: '' }, onValid);
  return (
    <form {...form.formProps} aria-label="Name form">
      <TextField {...form.field('name')} label="Name" />
      <button type="submit" disabled={!form.ready}>
        Send
      </button>
      <p role="alert">{form.loadError}</p>
    </form>
  );
}

/** A lazy schema whose loads are counted, and fail while `network.offline` is set. */
function countedSchema() {
  const network = { offline: false };
  const load = vi.fn(async (): Promise<FormSchema<Name>> => {
    if (network.offline) throw new TypeError('Failed to fetch dynamically imported module');
    return NameSchema;
  });
  return { schema: lazySchema(load), load, network };
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe.each(HOOKS)('%s with a lazy schema', (_name, hook) => {
  it('loads the schema only when the form is first used, once, and then shows the messages', async () => {
    const user = userEvent.setup({ delay: null });
    const { schema, load } = countedSchema();
    render(<NameForm hook={hook} schema={schema} onValid={() => {}} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(nameInput());
    await user.tab();
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(errorOf(nameInput())).toBe('Name is required'));

    await user.type(nameInput(), 'Ada');
    expect(nameInput().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the schema when sent before it has loaded, then sends the parsed values once', async () => {
    const user = userEvent.setup({ delay: null });
    const { schema } = countedSchema();
    const onValid = vi.fn();
    render(<NameForm hook={hook} schema={schema} onValid={onValid} />);
    await user.type(nameInput(), '  Grace ');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Grace' });
  });

  it('says so when the schema cannot be loaded, sends nothing, and tries again on the next send', async () => {
    const user = userEvent.setup({ delay: null });
    const { schema, load, network } = countedSchema();
    network.offline = true;
    const onValid = vi.fn();
    render(<NameForm hook={hook} schema={schema} onValid={onValid} />);
    await user.type(nameInput(), 'Ada');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(FORM_LOAD_FAILED)).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    network.offline = false;
    const failedLoads = load.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ada' }, expect.anything()));
    expect(screen.queryByText(FORM_LOAD_FAILED)).toBeNull();
    expect(load.mock.calls.length).toBeGreaterThan(failedLoads);
  });
});

const FeesSchema = z.strictObject({
  'fees.buy': z.string().regex(/^\d+(\.\d+)?$/, 'A percent, e.g. 1.5'),
  'fees.sell': z.string().regex(/^\d+(\.\d+)?$/, 'A percent, e.g. 1.5'),
});
type Fees = z.output<typeof FeesSchema>;

/** Fields named by a setting's path, listed in the page in the reverse of their order in `initial`. */
function FeesForm({ onValid }: { onValid: (data: Fees, helpers: SubmitHelpers) => void }) {
  const form = useForm(FeesSchema, { 'fees.buy': '1.5', 'fees.sell': '' }, onValid);
  return (
    <form {...form.formProps} aria-label="Fees">
      <TextField {...form.field('fees.sell')} label="Sell fee" />
      <TextField {...form.field('fees.buy')} label="Buy fee" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useForm', () => {
  it('keeps field names with dots flat, and focuses the first invalid field in the order of the page', async () => {
    const user = userEvent.setup({ delay: null });
    const onValid = vi.fn();
    render(<FeesForm onValid={onValid} />);
    const buy = screen.getByLabelText('Buy fee') as HTMLInputElement;
    const sell = screen.getByLabelText('Sell fee') as HTMLInputElement;
    expect(buy.value).toBe('1.5');

    await user.clear(buy);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(sell));
    expect(errorOf(sell)).toBe('A percent, e.g. 1.5');
    expect(errorOf(buy)).toBe('A percent, e.g. 1.5');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(sell, '2');
    await user.type(buy, '0.5');
    expect(sell.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ 'fees.buy': '0.5', 'fees.sell': '2' });
  });

  it("shows the server's field errors under their fields until edited, and returns the others for the form", async () => {
    const user = userEvent.setup({ delay: null });
    let others: string[] = [];
    render(<FeesForm onValid={(_data, { showServerErrors }) => void (others = showServerErrors({ 'fees.buy': 'Above the allowed maximum', reason: 'Say why' }))} />);
    const buy = screen.getByLabelText('Buy fee') as HTMLInputElement;
    await user.type(screen.getByLabelText('Sell fee'), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(errorOf(buy)).toBe('Above the allowed maximum'));
    expect(document.activeElement).toBe(buy);
    expect(others).toEqual(['Say why']);
    await user.type(buy, '0');
    expect(buy.getAttribute('aria-invalid')).toBeNull();
  });
});

const RangeSchema = z
  .strictObject({ low: z.string().min(1, 'Give the low figure'), high: z.string() })
  .refine((v) => Number(v.high) > Number(v.low), { message: 'Above the low figure', path: ['high'] });

/** The high figure's check reads the low one. */
function RangeForm() {
  const form = useForm(RangeSchema, { low: '', high: '' }, () => {});
  const low = form.field('low');
  return (
    <form {...form.formProps} aria-label="Range">
      <TextField
        {...low}
        label="Low"
        onChange={(event) => {
          low.onChange(event);
          form.recheck('high');
        }}
      />
      <TextField {...form.field('high')} label="High" />
    </form>
  );
}

/** The low figure has no control here: a link to where it is changed stands for it. */
function SummaryForm() {
  const form = useForm(RangeSchema, { low: '', high: '1' }, () => {});
  return (
    <form {...form.formProps} aria-label="Summary">
      <a href="#low" data-invalid={form.field('low').error ? 'true' : undefined}>
        Change the low figure
      </a>
      <TextField {...form.field('high')} label="High" />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useForm: checks that read other fields', () => {
  it('checks a field again when what its check reads changes', async () => {
    const user = userEvent.setup({ delay: null });
    render(<RangeForm />);
    const low = screen.getByLabelText('Low');
    const high = screen.getByLabelText('High');

    await user.type(low, '5');
    await user.type(high, '3');
    await user.tab();
    await waitFor(() => expect(errorOf(high)).toBe('Above the low figure'));
    // Only the low figure changes: the high one is checked again.
    await user.clear(low);
    await user.type(low, '2');
    await waitFor(() => expect(errorOf(high)).toBeNull());
    expect(high.getAttribute('aria-invalid')).toBeNull();
  });

  it('focuses a control marked data-invalid when it is the first invalid one of the page', async () => {
    const user = userEvent.setup({ delay: null });
    render(<SummaryForm />);
    await user.clear(screen.getByLabelText('High'));
    await user.type(screen.getByLabelText('High'), '3');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const link = screen.getByRole('link', { name: 'Change the low figure' });
    await waitFor(() => expect(link.getAttribute('data-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(link));
  });
});
