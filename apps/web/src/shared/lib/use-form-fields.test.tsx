import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../ui/text-field';
import { useForm, useRows, type KitForm } from './use-form';

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

const ConsentSchema = z.strictObject({ name: z.string().trim().min(1, 'Name is required'), consent: z.literal(true, 'Agree to go on') });

function ConsentForm({ onValid, onForm }: { onValid: (data: z.output<typeof ConsentSchema>) => void; onForm?: (form: KitForm<'name' | 'consent', { name: string; consent: boolean }>) => void }) {
  const form = useForm(ConsentSchema, { name: 'Ada', consent: false }, onValid);
  onForm?.(form);
  const error = form.error('consent');
  return (
    <form {...form.formProps} aria-label="Consent">
      <TextField {...form.field('name')} label="Name" />
      <label>
        <input type="checkbox" {...form.check('consent')} aria-invalid={error ? true : undefined} />I agree
      </label>
      {error ? <p>{error}</p> : null}
      <p>{form.changed ? 'Changed' : 'As saved'}</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe('useForm with an on/off field', () => {
  it("shows the schema's message for an unchecked box on submit, focuses it, and sends true once checked", async () => {
    const user = userEvent.setup({ delay: null });
    const onValid = vi.fn();
    render(<ConsentForm onValid={onValid} />);
    const box = screen.getByRole('checkbox', { name: 'I agree' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText('As saved')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Agree to go on')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(onValid).not.toHaveBeenCalled();

    await user.click(box);
    expect(box.checked).toBe(true);
    expect(screen.getByText('Changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Agree to go on')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ada', consent: true });
  });

  it('sets values as a change would, and starts again from given values with nothing changed', async () => {
    let form: KitForm<'name' | 'consent', { name: string; consent: boolean }> | undefined;
    render(<ConsentForm onValid={() => {}} onForm={(f) => (form = f)} />);
    act(() => form?.setValue('consent', true));
    expect((screen.getByRole('checkbox', { name: 'I agree' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Changed')).toBeTruthy();

    act(() => form?.reset({ name: 'Grace', consent: true }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Grace');
    expect(screen.getByText('As saved')).toBeTruthy();
  });
});

const QuizSchema = {
  safeParse: (values: unknown) => {
    const v = values as { title: string; questions: { text: string; options: string }[] };
    return z
      .strictObject({
        title: z.string().min(1, 'Give it a title'),
        questions: z.array(z.strictObject({ text: z.string().min(1, 'Write the question'), options: z.array(z.string().min(2, 'Two letters at least')) })).min(2, 'At least two questions'),
      })
      .safeParse({ ...v, questions: v.questions.map((q) => ({ ...q, options: q.options.split('\n') })) });
  },
};
type Quiz = { title: string; questions: { text: string; options: string[] }[] };

function RowsForm({ onValid, serverErrors = {} }: { onValid: (data: Quiz) => void; serverErrors?: Record<string, string> }) {
  const form = useForm(QuizSchema, { title: 'Land', questions: [{ text: '', options: 'ab' }] }, onValid);
  const questions = useRows(form, 'questions');
  return (
    <form {...form.formProps} aria-label="Quiz">
      <TextField {...form.field('title')} label="Title" />
      {questions.rows.map((row) => (
        <fieldset key={row.key}>
          <TextField {...questions.field(row.index, 'text')} label={`Question ${row.index + 1}`} />
          <TextField {...questions.field(row.index, 'options')} label={`Options ${row.index + 1}`} />
          <button type="button" onClick={() => questions.remove(row.index)}>
            Remove {row.index + 1}
          </button>
        </fieldset>
      ))}
      {questions.error ? <p role="alert">{questions.error}</p> : null}
      <button type="button" onClick={() => questions.add({ text: '', options: '' })}>
        Add
      </button>
      <button type="button" onClick={() => form.showErrors(serverErrors)}>
        Show the server's answer
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useRows', () => {
  it('adds and removes rows, shows messages under a row’s fields and about the rows, and sends the rows', async () => {
    const user = userEvent.setup({ delay: null });
    const onValid = vi.fn();
    render(<RowsForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('At least two questions');
    expect(errorOf(screen.getByLabelText('Question 1'))).toBe('Write the question');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Question 1')));

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByLabelText('Question 1'), 'Where?');
    await user.type(screen.getByLabelText('Question 2'), 'When?');
    await user.type(screen.getByLabelText('Options 2'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A message about one line of the options shows under the options.
    await waitFor(() => expect(errorOf(screen.getByLabelText('Options 2'))).toBe('Two letters at least'));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('Options 2'), 'y');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByLabelText('Question 3'), 'Why?');
    await user.type(screen.getByLabelText('Options 3'), 'zz');
    await user.click(screen.getByRole('button', { name: 'Remove 2' }));
    expect((screen.getByLabelText('Question 2') as HTMLInputElement).value).toBe('Why?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      title: 'Land',
      questions: [
        { text: 'Where?', options: ['ab'] },
        { text: 'Why?', options: ['zz'] },
      ],
    });
  });

  it("shows a server's messages under a row's fields and about the rows at once, without moving the focus", async () => {
    const user = userEvent.setup({ delay: null });
    render(<RowsForm onValid={() => {}} serverErrors={{ 'questions.0.text': 'Already asked', questions: 'Too many quizzes', page: 'No such page' }} />);
    await user.click(screen.getByRole('button', { name: "Show the server's answer" }));
    expect(errorOf(screen.getByLabelText('Question 1'))).toBe('Already asked');
    expect(screen.getByRole('alert').textContent).toBe('Too many quizzes');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "Show the server's answer" }));
  });
});
