import { QUIZ_STATE_LABELS, QuizSubmissionSchema, type QuizSubmissionValues, type QuizView } from '@landunits/domain';
import { useState, type ChangeEvent } from 'react';
import { useForm, type FormSchema } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { StatusBadge } from '../../shared/ui/status-badge';
import * as styles from './governance.module.css';

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
    <form {...form.formProps} aria-describedby={shown ? 'quiz-error' : undefined}>
      <ol className={`${styles.govQuizQuestions} ${styles.govQuizQuestionsPlain}`}>
        {quiz.questions.map((question, qi) => {
          const { name, onChange, onBlur } = form.field(`q${qi}`);
          return (
            <li key={qi}>
              <fieldset className={styles.govQuestion}>
                <legend className={styles.govQuestionText}>
                  {qi + 1}. {question.text}
                </legend>
                {question.options.map((option, oi) => (
                  <label key={oi} className={form.values[name] === String(oi) ? `${styles.govOption} ${styles.govOptionOn}` : styles.govOption}>
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
      <p className={`${styles.govMuted} ${styles.govSmall}`}>You can answer once. The right answers are shown after you send yours.</p>
      {shown ? (
        <p id="quiz-error" className={styles.govError} role="alert">
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
    <div>
      <p className={styles.govScore} role="status">
        <StatusBadge label={QUIZ_STATE_LABELS[quiz.state]} tone={allRight ? 'success' : 'warning'} /> {quiz.rightCount} of {quiz.questionCount} answers right.
      </p>
      <ol className={`${styles.govQuizQuestions} ${styles.govQuizQuestionsPlain}`}>
        {quiz.questions.map((question, qi) => (
          <li key={qi} className={styles.govQuestion}>
            <p className={styles.govQuestionText}>
              {qi + 1}. {question.text}{' '}
              <StatusBadge label={question.right ? 'Right' : question.answerState === 'answer_not_submitted' ? 'Not answered' : 'Wrong'} tone={question.right ? 'success' : 'danger'} />
            </p>
            <ul className={styles.govAnswers}>
              {question.options.map((option, oi) => {
                const mine = question.chosen === oi;
                const right = question.rightOption === oi;
                return (
                  <li key={oi} className={[styles.govAnswer, right ? styles.govAnswerRight : '', mine && !right ? styles.govAnswerWrong : ''].filter(Boolean).join(' ')}>
                    {option}
                    {mine ? <span className={styles.govAnswerTag}> · your answer</span> : null}
                    {right ? <span className={styles.govAnswerTag}> · right answer</span> : null}
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
