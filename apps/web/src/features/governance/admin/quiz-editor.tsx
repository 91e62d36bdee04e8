import { QuizInputSchema, type AdminQuiz, type QuizInputValues } from '@landunits/domain';
import { useEffect } from 'react';
import { useForm, useRows, type FormSchema } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import * as governanceStyles from '../governance.module.css';

type DraftQuestion = {
  text: string;
  /** One option per line. */
  options: string;
  rightOption: string;
};

const blank = (): DraftQuestion => ({ text: '', options: '', rightOption: '0' });
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The form's values as the API takes them. */
export function quizBody(title: string, description: string, questions: readonly DraftQuestion[]): QuizInputValues {
  return { title, description, questions: questions.map((q) => ({ text: q.text, options: linesOf(q.options), rightOption: Number(q.rightOption) })) };
}

export interface QuizEditorProps {
  quiz?: AdminQuiz;
  saving: boolean;
  serverErrors: Readonly<Record<string, string>>;
  onSave: (body: QuizInputValues) => void;
  onCancel?: () => void;
}

/** The form's values through the API's schema; the body is sent as `quizBody` makes it. */
const QuizFormSchema: FormSchema<QuizInputValues> = {
  safeParse: (input) => {
    const values = input as { title: string; description: string; questions: readonly DraftQuestion[] };
    const body = quizBody(values.title, values.description, values.questions);
    const checked = QuizInputSchema.safeParse(body);
    return checked.success ? { success: true, data: body } : checked;
  },
};

/** Writes or changes a draft quiz: title, description, and questions with their options and the right one. */
export function QuizEditor({ quiz, saving, serverErrors, onSave, onCancel }: QuizEditorProps) {
  const form = useForm(
    QuizFormSchema,
    {
      title: quiz?.title ?? '',
      description: quiz?.description ?? '',
      questions: quiz?.questions.map((q): DraftQuestion => ({ text: q.text, options: q.options.join('\n'), rightOption: String(q.rightOption) })) ?? [blank()],
    },
    onSave,
  );
  const questions = useRows(form, 'questions');
  // The server's messages of the last save show under their fields.
  const serverKey = JSON.stringify(serverErrors);
  useEffect(() => {
    form.showErrors(JSON.parse(serverKey) as Record<string, string>);
    // Only when the server's answer changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKey]);
  return (
    <form {...form.formProps} className={governanceStyles.govForm} aria-label={quiz ? `Edit quiz ${quiz.title}` : 'Write a quiz'}>
      <TextField {...form.field('title')} label="Title" maxLength={200} />
      <TextArea {...form.field('description')} label="Description (optional)" maxChars={2000} rows={2} />
      <ol className={`${governanceStyles.govQuizQuestions} ${governanceStyles.govQuizQuestionsPlain}`}>
        {questions.rows.map(({ key, index: i, values: q }) => {
          const options = linesOf(q.options ?? '');
          return (
            <li key={key} className={governanceStyles.govQuestion}>
              <fieldset>
                <legend>Question {i + 1}</legend>
                <TextField {...questions.field(i, 'text')} label="Question" />
                <TextArea {...questions.field(i, 'options')} label="Options, one per line" hint="2 to 6 options" rows={3} />
                <Select
                  {...questions.field(i, 'rightOption')}
                  label="Right answer"
                  options={options.length ? options.map((o, oi) => ({ value: String(oi), label: o.slice(0, 80) })) : [{ value: '0', label: 'Write the options first' }]}
                />
                {questions.rows.length > 1 ? (
                  <Button variant="ghost" size="sm" onClick={() => questions.remove(i)}>
                    Remove question {i + 1}
                  </Button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {questions.error ? (
        <p className={governanceStyles.govError} role="alert">
          {questions.error}
        </p>
      ) : null}
      <div className={governanceStyles.govActions}>
        <Button variant="secondary" disabled={questions.rows.length >= 30} onClick={() => questions.add(blank())}>
          Add a question
        </Button>
        <Button type="submit" loading={saving}>
          {quiz ? 'Save changes' : 'Save as draft'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
