import { fieldErrors, QuizInputSchema, type AdminQuiz, type QuizInputValues } from '@landunits/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';

interface DraftQuestion {
  text: string;
  /** One option per line. */
  options: string;
  rightOption: string;
}

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

/** Writes or changes a draft quiz: title, description, and questions with their options and the right one. */
export function QuizEditor({ quiz, saving, serverErrors, onSave, onCancel }: QuizEditorProps) {
  const [title, setTitle] = useState(quiz?.title ?? '');
  const [description, setDescription] = useState(quiz?.description ?? '');
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => quiz?.questions.map((q) => ({ text: q.text, options: q.options.join('\n'), rightOption: String(q.rightOption) })) ?? [blank()]);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const shown = { ...serverErrors, ...errors };
  const update = (i: number, patch: Partial<DraftQuestion>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = quizBody(title, description, questions);
    const checked = QuizInputSchema.safeParse(body);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    onSave(body);
  };
  return (
    <form className="gov-form" aria-label={quiz ? `Edit quiz ${quiz.title}` : 'Write a quiz'} noValidate onSubmit={submit}>
      <TextField name="title" label="Title" value={title} error={shown.title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      <TextArea name="description" label="Description (optional)" value={description} error={shown.description} maxChars={2000} rows={2} onChange={(e) => setDescription(e.target.value)} />
      <ol className="gov-quiz__questions gov-quiz__questions--plain">
        {questions.map((q, i) => {
          const options = linesOf(q.options);
          return (
            <li key={i} className="gov-question">
              <fieldset>
                <legend>Question {i + 1}</legend>
                <TextField name={`questions.${i}.text`} label="Question" value={q.text} error={shown[`questions.${i}.text`]} onChange={(e) => update(i, { text: e.target.value })} />
                <TextArea
                  name={`questions.${i}.options`}
                  label="Options, one per line"
                  hint="2 to 6 options"
                  rows={3}
                  value={q.options}
                  error={shown[`questions.${i}.options`] ?? shown[`questions.${i}.options.0`]}
                  onChange={(e) => update(i, { options: e.target.value })}
                />
                <Select
                  name={`questions.${i}.rightOption`}
                  label="Right answer"
                  value={q.rightOption}
                  error={shown[`questions.${i}.rightOption`]}
                  options={options.length ? options.map((o, oi) => ({ value: String(oi), label: o.slice(0, 80) })) : [{ value: '0', label: 'Write the options first' }]}
                  onChange={(e) => update(i, { rightOption: e.target.value })}
                />
                {questions.length > 1 ? (
                  <Button variant="ghost" size="sm" onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}>
                    Remove question {i + 1}
                  </Button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {shown.questions ? (
        <p className="gov-error" role="alert">
          {shown.questions}
        </p>
      ) : null}
      <div className="gov-actions">
        <Button variant="secondary" disabled={questions.length >= 30} onClick={() => setQuestions((qs) => [...qs, blank()])}>
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
