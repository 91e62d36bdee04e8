import type { StepUpAction } from '@landunits/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { onStepUpRequired, type StepUpAsk } from '../api/step-up-bridge';

/**
 * The step-up dialog (decision 0050): when the server wants an action confirmed (a sale, a large
 * transfer, a security change, an admin's decision on money), the person confirms it is them with
 * a passkey, an authenticator code, a recovery code, or their password when they have set up
 * neither; the action is then sent again by the API client. Mounted once, for every page; the
 * dialog and what it shows (passkeys, the forms) are loaded the first time it opens.
 */

const StepUpDialog = lazy(() => import('./step-up-view'));

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
  // The dialog's code is fetched the first time an action needs confirming, then stays mounted so
  // closing it hands the focus back as a native dialog does.
  const [needed, setNeeded] = useState(false);
  if (pending && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog ask={pending?.ask ?? null} onAnswer={(confirmed) => pending?.resolve(confirmed)} />
    </Suspense>
  );
}
