import { BallotSchema, type VoteAnswer, type VoteView } from '@landunits/domain';
import { type ChangeEvent } from 'react';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { StatusBadge } from '../../shared/ui/status-badge';
import { VoteResultView, VoteStateBadge, when } from './vote-parts';
import * as styles from './governance.module.css';

const ANSWER_LABELS: Readonly<Record<VoteAnswer, string>> = { y: 'Yes', n: 'No' };

export interface VoteCardProps {
  vote: VoteView;
  saving: boolean;
  error: string | null;
  onVote: (answer: VoteAnswer) => void;
}

/** Yes / No as a radio group with one button: casts, or changes, the person's vote. */
function BallotForm({ vote, saving, error, onVote }: VoteCardProps) {
  const form = useForm(BallotSchema, { answer: vote.myAnswer ?? '' }, ({ answer }) => onVote(answer));
  const choice = form.values.answer;
  const { onChange, onBlur, error: missing } = form.field('answer');
  const name = `vote-${vote.id}`;
  const problem = missing ?? error;
  const changed = vote.myAnswer !== null && choice !== vote.myAnswer;
  return (
    <form {...form.formProps} className={styles.govBallot}>
      <fieldset aria-describedby={problem ? `${name}-error` : undefined}>
        <legend className="visually-hidden">Your vote on: {vote.question}</legend>
        <div className={styles.govBallotChoices}>
          {(['y', 'n'] as const).map((answer) => (
            <label key={answer} className={choice === answer ? `${styles.govChoice} ${styles.govChoiceOn}` : styles.govChoice}>
              <input type="radio" name={name} value={answer} checked={choice === answer} onChange={() => onChange({ target: { value: answer } } as ChangeEvent<HTMLInputElement>)} onBlur={onBlur} />
              {ANSWER_LABELS[answer]}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" loading={saving} disabled={saving || (vote.myAnswer !== null && !changed)}>
        {vote.myAnswer === null ? 'Vote' : 'Change my vote'}
      </Button>
      {problem ? (
        <p id={`${name}-error`} className={styles.govError} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** One vote: question, closing time, the person's state and vote, and the result once closed. */
export function VoteCard(props: VoteCardProps) {
  const { vote } = props;
  const id = `vote-${vote.id}`;
  const closed = vote.state === 'vote_closed';
  return (
    <article className={styles.govCard} aria-labelledby={`${id}-q`}>
      <div className={styles.govCardHead}>
        <h2 id={`${id}-q`} className={styles.govCardTitle}>
          {vote.question}
        </h2>
        {closed || vote.canVote ? <VoteStateBadge state={vote.state} /> : <StatusBadge label="Holders only" tone="neutral" />}
      </div>
      {vote.details ? <p className={styles.govCardDetails}>{vote.details}</p> : null}
      <p className={styles.govMuted}>
        {closed ? 'Voting closed' : 'Voting closes'} {when(vote.closedAt ?? vote.closesAt)}
        {vote.myAnswer ? (
          <>
            {' · '}You voted <strong>{ANSWER_LABELS[vote.myAnswer]}</strong>
          </>
        ) : null}
      </p>
      {vote.result ? <VoteResultView result={vote.result} id={id} /> : null}
      {closed && !vote.result ? <p className={styles.govMuted}>The result is being counted and will be published shortly.</p> : null}
      {!closed && vote.canVote ? <BallotForm {...props} /> : null}
      {!closed && !vote.canVote ? <p className={styles.govMuted}>Only holders of an owned Unit can vote on this question.</p> : null}
      {!closed ? <p className={`${styles.govMuted} ${styles.govSmall}`}>Tallies are hidden until voting closes, so early votes do not sway later ones.</p> : null}
    </article>
  );
}
