import { GOVERNANCE_MESSAGES as M, QUIZ_STATE_LABELS, type QuizView } from '@landunits/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../shared/ui/button';
import { StatusBadge } from '../../shared/ui/status-badge';

export interface QuizFormProps {
  quiz: QuizView;
  sending: boolean;
  error: string | null;
  onSubmit: (answers: (number | null)[]) => void;
}

/** The questions of a quiz not yet answered: one radio group each; blank questions allowed. */
export function QuizForm({ quiz, sending, error, onSubmit }: QuizFormProps) {
  const [answers, setAnswers] = useState<(number | null)[]>(() => quiz.questions.map(() => null));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answers.every((a) => a === null)) {
      setProblem(M.answersNone);
      return;
    }
    setProblem(null);
    onSubmit(answers);
  };
  const shown = problem ?? error;
  return (
    <form className="gov-quiz" noValidate onSubmit={submit} aria-describedby={shown ? 'quiz-error' : undefined}>
      <ol className="gov-quiz__questions gov-quiz__questions--plain">
        {quiz.questions.map((question, qi) => (
          <li key={qi}>
            <fieldset className="gov-question">
              <legend className="gov-question__text">
                {qi + 1}. {question.text}
              </legend>
              {question.options.map((option, oi) => (
                <label key={oi} className={`gov-option${answers[qi] === oi ? ' gov-option--on' : ''}`}>
                  <input type="radio" name={`q${qi}`} checked={answers[qi] === oi} onChange={() => setAnswers((a) => a.map((x, i) => (i === qi ? oi : x)))} />
                  {option}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
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
