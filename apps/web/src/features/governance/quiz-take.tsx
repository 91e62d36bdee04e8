import { QUIZ_STATE_LABELS, QuizSubmissionSchema, type QuizSubmissionValues, type QuizView } from '@landunits/domain';
import { useState, type ChangeEvent } from 'react';
import { useForm, type FormSchema } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { StatusBadge } from '../../shared/ui/status-badge';

export interface QuizFormProps {
  quiz: QuizView;
  sending: boolean;
  error: string | null;
  onSubmit: (answers: (number | null)[]) => void;
}

/**
 * The form's schema: the radio groups (q0, q1, …: the chosen option's index, or '' for blank) as
 * the API's answer sheet. Its one rule, at least one answer, is the sheet's ('answers').
 */
const answerSheet = (count: number): FormSchema<QuizSubmissionValues> => ({
  safeParse: (input) => {
    const values = input as Readonly<Record<string, string>>;
    return QuizSubmissionSchema.safeParse({ answers: Array.from({ length: count }, (_, qi) => (values[`q${qi}`] ? Number(values[`q${qi}`]) : null)) });
  },
});

/** The questions of a quiz not yet answered: one radio group each; blank questions allowed. */
export function QuizForm({ quiz, sending, error, onSubmit }: QuizFormProps) {
  const [initial] = useState(() => ({ answers: '', ...Object.fromEntries(quiz.questions.map((_, qi) => [`q${qi}`, ''])) }));
  const [schema] = useState(() => answerSheet(quiz.questions.length));
  const form = useForm<string, QuizSubmissionValues>(schema, initial, ({ answers }) => onSubmit(answers));
  const problem = form.field('answers').error;
  const shown = problem ?? error;
  return (
    <form {...form.formProps} className="gov-quiz" aria-describedby={shown ? 'quiz-error' : undefined}>
      <ol className="gov-quiz__questions gov-quiz__questions--plain">
        {quiz.questions.map((question, qi) => {
          const { name, onChange, onBlur } = form.field(`q${qi}`);
          return (
            <li key={qi}>
              <fieldset className="gov-question">
                <legend className="gov-question__text">
                  {qi + 1}. {question.text}
                </legend>
                {question.options.map((option, oi) => (
                  <label key={oi} className={`gov-option${form.values[name] === String(oi) ? ' gov-option--on' : ''}`}>
                    <input
                      type="radio"
                      name={name}
                      checked={form.values[name] === String(oi)}
                      onChange={() => onChange({ target: { value: String(oi) } } as ChangeEvent<HTMLInputElement>)}
                      onBlur={onBlur}
                    />
                    {option}
                  </label>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p className="gov-muted gov-small">You can answer once. The right answers are shown after you send yours.</p>
      {shown ? (
        <p id="quiz-error" className="gov-error" role="alert">
          {shown}
        </p>
      ) : null}
      <Button type="submit" loading={sending} disabled={sending}>
        Send my answers
      </Button>
    </form>
  );
}

/** A submitted quiz: the person's answer to each question, right or wrong, and the right one. */
export function QuizResults({ quiz }: { quiz: QuizView }) {
  const allRight = quiz.state === 'all_right_answer_submitted';
  return (
    <div className="gov-quiz">
      <p className={`gov-score${allRight ? ' gov-score--all' : ''}`} role="status">
        <StatusBadge label={QUIZ_STATE_LABELS[quiz.state]} tone={allRight ? 'success' : 'warning'} /> {quiz.rightCount} of {quiz.questionCount} answers right.
      </p>
      <ol className="gov-quiz__questions gov-quiz__questions--plain">
        {quiz.questions.map((question, qi) => (
          <li key={qi} className="gov-question">
            <p className="gov-question__text">
              {qi + 1}. {question.text}{' '}
              <StatusBadge label={question.right ? 'Right' : question.answerState === 'answer_not_submitted' ? 'Not answered' : 'Wrong'} tone={question.right ? 'success' : 'danger'} />
            </p>
            <ul className="gov-answers">
              {question.options.map((option, oi) => {
                const mine = question.chosen === oi;
                const right = question.rightOption === oi;
                return (
                  <li key={oi} className={`gov-answer${right ? ' gov-answer--right' : ''}${mine && !right ? ' gov-answer--wrong' : ''}`}>
                    {option}
                    {mine ? <span className="gov-answer__tag"> · your answer</span> : null}
                    {right ? <span className="gov-answer__tag"> · right answer</span> : null}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
