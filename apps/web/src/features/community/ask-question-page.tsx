import { COMMUNITY_LIMITS, CreateQuestionSchema } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextArea } from '../../shared/ui/text-area';
import { TextField } from '../../shared/ui/text-field';
import { showToast } from '../../shared/ui/toast-store';
import { COMMUNITY_KEY, communityApi } from './community-api';
import * as styles from './community.module.css';

const EMPTY = { title: '', body: '' };

/** The question form, checked with the API's own schema (same messages). */
export function AskQuestionForm({ onAsked }: { onAsked: (questionId: number, message: string) => void }) {
  const [error, setError] = useState('');
  const form = useForm(CreateQuestionSchema, EMPTY, async (values, { showServerErrors }) => {
    setError('');
    try {
      const answer = await communityApi.ask(values);
      onAsked(answer.questionId, answer.message);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) return setError(showServerErrors(failure.errors).join(' '));
      setError(errorMessage(failure));
    }
  });
  const body = form.field('body');
  return (
    <form {...form.formProps} aria-label="Ask a question" className={`${styles.cqForm} ${styles.cqAsk}`}>
      <TextField
        {...form.field('title')}
        className={styles.cqFormField}
        label="Title"
        hint="One sentence, e.g. “Can I give Units to my children?”"
        maxLength={COMMUNITY_LIMITS.title + 50}
        autoComplete="off"
      />
      <TextArea
        {...body}
        className={styles.cqFormField}
        onChange={(e) => body.onChange({ target: { value: e.currentTarget.value } } as ChangeEvent<HTMLInputElement>)}
        label="Your question"
        hint="What you would like to know, with what you have tried or read."
        rows={7}
        maxChars={COMMUNITY_LIMITS.body}
      />
      <Button type="submit" loading={form.submitting} disabled={!form.ready}>
        Publish question
      </Button>
      {error || form.loadError ? (
        <p className={styles.cqError} role="alert">
          {error || form.loadError}
        </p>
      ) : null}
    </form>
  );
}

/** /dashboard/community/ask-question. */
export function AskQuestionPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <div className={`page ${styles.cqPage}`}>
      <h1 tabIndex={-1}>Ask a question</h1>
      <p className="page__lead">Ask the community. Community agents and the Land Units team answer, and you are emailed when they do. Everyone signed in can read it; do not share personal details.</p>
      <AskQuestionForm
        onAsked={(id, message) => {
          showToast(message, 'success');
          void client.invalidateQueries({ queryKey: COMMUNITY_KEY });
          void navigate(`/dashboard/questions/${id}`);
        }}
      />
      <p>
        <Link to="/dashboard/community/your-question">Your questions</Link>
      </p>
    </div>
  );
}
