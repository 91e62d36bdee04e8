import { IDEA_LIMITS, IdeaInputSchema } from '@landunits/domain';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextArea } from '../../shared/ui/text-area';
import { TextField } from '../../shared/ui/text-field';
import { ideasApi } from './ideas-api';
import * as ideasStyles from './ideas.module.css';

type Field = 'title' | 'description';
const EMPTY: Record<Field, string> = { title: '', description: '' };

/**
 * Suggesting an idea: title and description, checked as typed with the API's own schema and
 * messages; the server's answer (a field error, the hourly limit) is shown on the form.
 */
function IdeaFields({ onSubmitted }: { onSubmitted: (message: string) => void }) {
  const [error, setError] = useState('');
  const form = useForm(IdeaInputSchema, EMPTY, async (body, helpers) => {
    setError('');
    try {
      onSubmitted((await ideasApi.submit(body)).message);
    } catch (failure) {
      if (!isApiError(failure) || Object.keys(failure.errors).length === 0) setError(errorMessage(failure));
      else setError(helpers.showServerErrors(failure.errors).join(' '));
    }
  });
  const description = form.field('description');
  return (
    <form {...form.formProps} className={ideasStyles.ideaForm} aria-labelledby="idea-form-title">
      <TextField {...form.field('title')} label="Title" maxLength={IDEA_LIMITS.title + 20} autoComplete="off" />
      <TextArea
        name={description.name}
        value={description.value}
        error={description.error}
        onBlur={description.onBlur}
        onChange={(event) => description.onChange(event as unknown as Parameters<typeof description.onChange>[0])}
        label="Description"
        hint={`What should we do, and why? At least ${IDEA_LIMITS.descriptionMin} characters.`}
        rows={5}
        maxChars={IDEA_LIMITS.description}
      />
      <div>
        <Button type="submit" loading={form.submitting} disabled={!form.ready}>
          {form.submitting ? 'Submitting…' : 'Submit idea'}
        </Button>
      </div>
      {error ? (
        <p className={ideasStyles.ideaFormError} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The form, emptied after each idea, with the confirmation announced politely. */
export function IdeaForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const [done, setDone] = useState('');
  const [round, setRound] = useState(0);
  return (
    <section className={ideasStyles.ideaFormCard} aria-labelledby="idea-form-title">
      <h2 id="idea-form-title">Suggest an idea</h2>
      <IdeaFields
        key={round}
        onSubmitted={(message) => {
          setDone(message);
          setRound((n) => n + 1);
          onSubmitted?.();
        }}
      />
      <p className={ideasStyles.ideaFormDone} role="status" aria-live="polite">
        {done}
      </p>
    </section>
  );
}
