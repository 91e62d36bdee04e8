import { lazy, Suspense } from 'react';
import type { StepUpAsk } from '../api/step-up-bridge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import * as styles from './step-up.module.css';

const StepUpBody = lazy(() => import('./step-up-body'));

interface Props {
  /** The action waiting for confirmation; null closes the dialog. */
  ask: StepUpAsk | null;
  onAnswer: (confirmed: boolean) => void;
}

/** The step-up dialog itself (decision 0050), loaded by StepUpHost the first time it is needed. */
export default function StepUpDialog({ ask, onAnswer }: Props) {
  return (
    <Dialog open={ask !== null} title="Confirm it’s you" onClose={() => onAnswer(false)} className={styles.stepUp} testId="step-up-dialog">
      {ask ? (
        <div className={styles.stepUpBody}>
          <p className={styles.stepUpLead}>{ask.message}</p>
          <Suspense fallback={<Spinner label="Loading the ways to confirm…" showLabel />}>
            <StepUpBody key={ask.action} ask={ask} onDone={() => onAnswer(true)} />
          </Suspense>
          <Button variant="secondary" className={styles.stepUpCancel} onClick={() => onAnswer(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
