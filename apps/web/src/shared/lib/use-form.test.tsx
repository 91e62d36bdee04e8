import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../ui/text-field';
import { FORM_LOAD_FAILED, lazySchema, useForm, type FormSchema, type LazyFormSchema } from './use-form';

const NameSchema = z.strictObject({ name: z.string().trim().min(1, 'Name is required') });
type Name = z.output<typeof NameSchema>;

function NameForm({ schema, onValid }: { schema: LazyFormSchema<Name>; onValid: (data: Name) => void }) {
  const form = useForm(schema, { name: '' }, onValid);
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

describe('useForm with a lazy schema', () => {
  it('loads the schema only when the form is first used, once, and then shows the messages', async () => {
    const user = userEvent.setup({ delay: null });
    const { schema, load } = countedSchema();
    render(<NameForm schema={schema} onValid={() => {}} />);
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
    render(<NameForm schema={schema} onValid={onValid} />);
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
    render(<NameForm schema={schema} onValid={onValid} />);
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
