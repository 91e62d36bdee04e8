import { VOTE_STATE_LABELS, type VoteResult, type VoteView, formatDateTime } from '@landunits/domain';
import { StatusBadge, type StatusBadgeProps } from '../../shared/ui/status-badge';
import * as styles from './governance.module.css';

/** A closing time with its date and time in UTC: "12 Jun 2026, 18:00 UTC". */
export function when(iso: string): string {
  return formatDateTime(iso);
}

const STATE_TONES: Readonly<Record<VoteView['state'], StatusBadgeProps['tone']>> = {
  vote_not_submitted: 'warning',
  vote_submitted_already: 'success',
  vote_closed: 'slate',
};

export const VoteStateBadge = ({ state }: { state: VoteView['state'] }) => <StatusBadge label={VOTE_STATE_LABELS[state]} tone={STATE_TONES[state]} />;

const OUTCOME_TONES: Readonly<Record<VoteResult['outcome'], StatusBadgeProps['tone']>> = { Yes: 'success', No: 'danger', 'Not Decided': 'neutral' };

const pct = (value: string | null) => (value === null ? '—' : `${value} %`);

/** A closed vote's published result: outcome, yes and no shares with bars, turnout. */
export function VoteResultView({ result, id }: { result: VoteResult; id: string }) {
  return (
    <section className={styles.govResult} aria-labelledby={`${id}-result`}>
      <h3 id={`${id}-result`} className={styles.govResultTitle}>
        Result: <StatusBadge label={result.outcome} tone={OUTCOME_TONES[result.outcome]} />
      </h3>
      <dl className={styles.govResultFigures}>
        <div>
          <dt>Yes</dt>
          <dd>
            {pct(result.yesPercentage)} <span className={styles.govMuted}>({result.yes})</span>
          </dd>
        </div>
        <div>
          <dt>No</dt>
          <dd>
            {pct(result.noPercentage)} <span className={styles.govMuted}>({result.no})</span>
          </dd>
        </div>
        <div>
          <dt>Turnout</dt>
          <dd>
            {pct(result.turnoutPercentage)}{' '}
            <span className={styles.govMuted}>
              ({result.voters} of {result.eligible} holders)
            </span>
          </dd>
        </div>
      </dl>
      {result.voters > 0 ? (
        <div className={styles.govBar} aria-hidden="true">
          <span className={styles.govBarYes} style={{ width: `${result.yesPercentage ?? 0}%` }} />
        </div>
      ) : (
        <p className={styles.govMuted}>Nobody voted, so the question is not decided.</p>
      )}
    </section>
  );
}
