import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../shared/ui/card-list';
import { EmptyState } from '../../shared/ui/empty-state';
import { StatusBadge } from '../../shared/ui/status-badge';
import { formatDateTime } from '../../shared/verification/verification-data';
import { SECURITY_QUERY_KEY, securityApi, type SessionView } from './security-api';
import { SettingsError } from '../../shared/account-settings/settings-page';
import * as securityStyles from './security.module.css';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

const SIGNED_IN_WITH: Readonly<Record<NonNullable<SessionView['secondFactor']>, string>> = {
  totp: 'Password and authenticator app',
  passkey: 'Passkey',
  recovery: 'Password and a recovery code',
};

/** This device first, then the others, the most recently active first. */
const inOrder = (sessions: readonly SessionView[]) => [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));

function SessionCard({ session, ending, onEnd }: { session: SessionView; ending: boolean; onEnd: () => void }) {
  return (
    <Card as="li">
      <CardHead>
        <CardTitle>{session.device}</CardTitle>
        {session.current ? <StatusBadge label="This device" tone="info" /> : null}
      </CardHead>
      <CardFacts>
        <CardFact term="IP address">{session.ipAddress ?? 'Not known'}</CardFact>
        <CardFact term="Signed in with">{session.secondFactor ? SIGNED_IN_WITH[session.secondFactor] : 'Password'}</CardFact>
        <CardFact term="Started">
          <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
        </CardFact>
        <CardFact term="Last active">
          <time dateTime={session.lastActiveAt}>{formatDateTime(session.lastActiveAt)}</time>
        </CardFact>
      </CardFacts>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={ending}
          aria-label={`Sign out ${session.device}${session.ipAddress ? ` at ${session.ipAddress}` : ''}, last active ${formatDateTime(session.lastActiveAt)}`}
          onClick={onEnd}
        >
          Sign out
        </Button>
      )}
    </Card>
  );
}

/**
 * Where the account is signed in: one card per session (a list, not a wide table, on phones), a
 * way to sign out any other one, and all others at once after a confirmation. The list is asked
 * again after each action; the server's message is read out.
 */
export function SessionsSection({ sessions }: { sessions: readonly SessionView[] }) {
  const client = useQueryClient();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const settle = (message: string, failed: boolean) => {
    setStatus(failed ? '' : message);
    setError(failed ? message : '');
    setConfirming(false);
    void client.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
    // The button that was pressed is gone (or the list changed): the focus goes back to the list's heading.
    titleRef.current?.focus();
  };
  const endOne = useMutation({
    mutationFn: securityApi.endSession,
    meta: { silent: true },
    onSuccess: (answer) => settle(answer.message, false),
    onError: (failure) => settle(errorMessage(failure), true),
  });
  const endOthers = useMutation({
    mutationFn: securityApi.endOtherSessions,
    meta: { silent: true },
    onSuccess: (answer) => settle(answer.message, false),
    onError: (failure) => settle(errorMessage(failure), true),
  });
  const others = sessions.filter((s) => !s.current).length;

  return (
    <section className={securityStyles.securitySection} aria-labelledby="security-sessions-title">
      <h2 id="security-sessions-title" ref={titleRef} tabIndex={-1} className={securityStyles.securitySectionTitle}>
        Sessions and devices
      </h2>
      <p className="muted">Where your account is signed in now. Sign out any session you do not recognise, then change your password.</p>
      {sessions.length === 0 ? (
        <EmptyState headingLevel={3} title="No sessions" message="No device is signed in to your account." />
      ) : (
        <CardList className={securityStyles.securitySectionList} aria-label="Sessions">
          {inOrder(sessions).map((session) => (
            <SessionCard key={session.id} session={session} ending={endOne.isPending && endOne.variables === session.id} onEnd={() => endOne.mutate(session.id)} />
          ))}
        </CardList>
      )}
      {others === 0 ? (
        <p className="muted">You are signed in on this device only.</p>
      ) : (
        <div className={accountSettingsStyles.settingsActions}>
          <Button ref={askRef} variant="secondary" aria-expanded={confirming} aria-controls="sign-out-others-confirm" onClick={() => setConfirming(true)}>
            Sign out all other sessions
          </Button>
        </div>
      )}
      {others > 0 && confirming ? (
        <div id="sign-out-others-confirm" className={securityStyles.securityConfirm} role="group" aria-labelledby="sign-out-others-question">
          <p id="sign-out-others-question">
            <strong>Sign out {others === 1 ? 'the other session' : `all ${others} other sessions`}?</strong> You stay signed in on this device.
          </p>
          <div className={accountSettingsStyles.settingsActions}>
            {/* Asked for by the button above, so the answer takes the focus. */}
            <Button loading={endOthers.isPending} onClick={() => endOthers.mutate()} autoFocus>
              Yes, sign them out
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setConfirming(false);
                askRef.current?.focus();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <div role="status" className={status ? `${accountSettingsStyles.settingsMessage} ${accountSettingsStyles.settingsMessageSuccess}` : accountSettingsStyles.settingsMessageEmpty}>
        {status}
      </div>
      <SettingsError>{error}</SettingsError>
    </section>
  );
}
