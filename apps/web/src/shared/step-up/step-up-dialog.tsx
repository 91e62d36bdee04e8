import type { StepUpAction } from '@landunits/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { onStepUpRequired, type StepUpAsk } from '../api/step-up-bridge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import * as styles from './step-up.module.css';

/**
 * The step-up dialog (decision 0050): when the server wants an action confirmed (a sale, a large
 * transfer, a security change, an admin's decision on money), the person confirms it is them with
 * a passkey, an authenticator code, a recovery code, or their password when they have set up
 * neither; the action is then sent again by the API client. Mounted once, for every page; what the
 * dialog shows (passkeys, the forms) is loaded the first time it opens.
 */

const StepUpBody = lazy(() => import('./step-up-body'));

interface Pending {
  ask: StepUpAsk;
  resolve: (confirmed: boolean) => void;
}

/**
 * Registers with the API client and shows the dialog while requests wait for the person to
 * confirm: requests for the same action share one answer; another action waits its turn.
 */
export function StepUpHost() {
  const [queue, setQueue] = useState<readonly Pending[]>([]);
  const waiting = useRef(new Map<StepUpAction, Promise<boolean>>());

  useEffect(
    () =>
      onStepUpRequired((ask) => {
        const shared = waiting.current.get(ask.action);
        if (shared) return shared;
        const answer = new Promise<boolean>((resolve) => {
          const pending: Pending = {
            ask,
            resolve: (confirmed) => {
              waiting.current.delete(ask.action);
              setQueue((current) => current.filter((p) => p !== pending));
              resolve(confirmed);
            },
          };
          setQueue((current) => [...current, pending]);
        });
        waiting.current.set(ask.action, answer);
        return answer;
      }),
    [],
  );

  const pending = queue[0] ?? null;
  return (
    <Dialog open={pending !== null} title="Confirm it’s you" onClose={() => pending?.resolve(false)} className={styles.stepUp} testId="step-up-dialog">
      {pending ? (
        <div className={styles.stepUpBody}>
          <p className={styles.stepUpLead}>{pending.ask.message}</p>
          <Suspense fallback={<Spinner label="Loading the ways to confirm…" showLabel />}>
            <StepUpBody key={pending.ask.action} ask={pending.ask} onDone={() => pending.resolve(true)} />
          </Suspense>
          <Button variant="secondary" className={styles.stepUpCancel} onClick={() => pending.resolve(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
