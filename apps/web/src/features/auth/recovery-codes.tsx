import { formatRecoveryCode, RECOVERY_CODE_COUNT, SecondFactorChangeSchema } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../../shared/session';
import { Button } from '../../shared/ui/button';
import { formatDateTime } from '../../shared/verification/verification-data';
import { CodeAndPasswordForm } from './code-and-password-form';
import { SECURITY_QUERY_KEY, securityApi, type RecoveryCodesAnswer } from './security-api';
import * as securityStyles from './security.module.css';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

/** Codes as shown and saved: four groups of four, whatever the server's spelling. */
const shown = (codes: readonly string[]) => codes.map((code) => formatRecoveryCode(code.toLowerCase().replace(/[\s-]+/g, '')));

function download(codes: readonly string[], email: string | undefined) {
  const text = [
    `Land Units recovery codes${email ? ` for ${email}` : ''}`,
    `Made ${formatDateTime(new Date().toISOString())}`,
    'Each code works once, when you cannot use your authenticator app. Keep this file somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
  const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = 'land-units-recovery-codes.txt';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/**
 * New recovery codes, shown this once: the server's message, a warning, the codes in a monospace
 * list, a copy and a download button, and Done. The heading takes the focus when it appears.
 */
export function RecoveryCodesPanel({ answer, onDone, after }: { answer: RecoveryCodesAnswer; onDone: () => void; after?: ReactNode }) {
  const { user } = useSession();
  const codes = shown(answer.recoveryCodes);
  const ref = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [copied, setCopied] = useState('');
  useLayoutEffect(() => ref.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('Codes copied.');
    } catch {
      // No clipboard (older browser, insecure context): select the codes for a manual copy.
      const selection = window.getSelection();
      if (listRef.current && selection) selection.selectAllChildren(listRef.current);
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected codes.');
    }
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" ref={ref} tabIndex={-1} className={securityStyles.securityPanelTitle}>
        Save your recovery codes
      </h3>
      <p className={`${accountSettingsStyles.settingsMessage} ${accountSettingsStyles.settingsMessageSuccess}`}>{answer.message}</p>
      <p className={securityStyles.securityWarning}>
        <strong>These codes will not be shown again.</strong> Save them now, somewhere other than the phone with your authenticator app. Each code lets you sign in once when you do not have the app.
      </p>
      <ol ref={listRef} className={securityStyles.securityCodesList} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={accountSettingsStyles.settingsActions}>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={() => download(codes, user?.email)}>
          Download as text file
        </Button>
        <Button onClick={onDone}>Done</Button>
        {after}
      </div>
      <p role="status" className={securityStyles.securityPanelStatus}>
        {copied}
      </p>
    </section>
  );
}

type View = { kind: 'idle' } | { kind: 'form' } | { kind: 'codes'; answer: RecoveryCodesAnswer };

/** How many recovery codes are left (a warning at three or fewer), and a way to make ten new ones. */
export function RecoveryCodesSection({ left, factorOn }: { left: number | null; factorOn: boolean }) {
  const client = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'idle' });

  if (view.kind === 'codes') return <RecoveryCodesPanel answer={view.answer} onDone={() => setView({ kind: 'idle' })} />;
  if (!factorOn || left === null)
    return <p className="muted">You get {RECOVERY_CODE_COUNT} recovery codes when you add a passkey or set up an authenticator app. Each one lets you sign in once without them.</p>;
  const low = left <= 3;
  return (
    <>
      <p className={low ? securityStyles.securityWarning : undefined}>
        <strong>
          {left} of {RECOVERY_CODE_COUNT} recovery codes left.
        </strong>{' '}
        {low ? 'Make new codes soon so you can still sign in if you lose your phone or passkey.' : 'Each one lets you sign in once without your passkey or authenticator app.'}
      </p>
      {view.kind === 'form' ? (
        <CodeAndPasswordForm
          label="Make new recovery codes"
          schema={SecondFactorChangeSchema}
          submitLabel="Make new codes"
          onCancel={() => setView({ kind: 'idle' })}
          onSubmit={async (values) => {
            const answer = await securityApi.makeRecoveryCodes(values);
            setView({ kind: 'codes', answer });
            void client.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
          }}
        >
          <p className={accountSettingsStyles.settingsNote}>You get {RECOVERY_CODE_COUNT} new codes; the ones you have now stop working.</p>
        </CodeAndPasswordForm>
      ) : (
        <div className={accountSettingsStyles.settingsActions}>
          <Button variant="secondary" onClick={() => setView({ kind: 'form' })}>
            Make new codes
          </Button>
        </div>
      )}
    </>
  );
}
