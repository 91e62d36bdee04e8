import { MONEY_HOLD_WARNING, SecondFactorChangeSchema, TotpConfirmSchema, formatDay } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { useSession } from '../../shared/session';
import { QrCode } from '../../shared/ui/qr-code';
import { Button } from '../../shared/ui/button';
import { StatusBadge } from '../../shared/ui/status-badge';
import { CodeAndPasswordForm } from './code-and-password-form';
import { RecoveryCodesPanel } from './recovery-codes';
import { SECURITY_QUERY_KEY, securityApi, type RecoveryCodesAnswer, type SecurityOverview, type TotpSetup } from './security-api';
import { SettingsOutcome } from '../../shared/account-settings/settings-page';
import * as securityStyles from './security.module.css';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

/** The secret in groups of four, for typing into an app that cannot scan. */
const grouped = (secret: string) => (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');

/** The QR code as an image: an SVG in a data: URL is drawn, never run, whatever it holds. */

/** A panel's heading, focused when the panel appears (the button that opened it is gone). */
export function PanelTitle({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <h3 id={id} ref={ref} tabIndex={-1} className={securityStyles.securityPanelTitle}>
      {children}
    </h3>
  );
}

function SecretKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.replace(/\s+/g, ''));
      setCopied('Key copied.');
    } catch {
      setCopied('Copying is not available here: type the key instead.');
    }
  };
  return (
    <div className={securityStyles.securitySecret}>
      <code className={securityStyles.securitySecretValue}>{grouped(secret)}</code>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        Copy key
      </Button>
      <span role="status" className={securityStyles.securityPanelStatus}>
        {copied}
      </span>
    </div>
  );
}

/** Scan (or type) the new secret, then confirm it with a first code and the password. */
function SetUpPanel({ setup, onConfirmed, onCancel }: { setup: TotpSetup; onConfirmed: (answer: RecoveryCodesAnswer) => void; onCancel: () => void }) {
  return (
    <section aria-labelledby="totp-setup-title">
      <PanelTitle id="totp-setup-title">Set up your authenticator app</PanelTitle>
      <ol className={securityStyles.securitySteps}>
        <li>
          <p>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password) and scan this QR code.</p>
          <QrCode className={securityStyles.securityQr} svg={setup.qrCodeSvg} alt="QR code to scan with your authenticator app" size={192} />
          <p className={accountSettingsStyles.settingsNote}>
            On the phone itself? <a href={setup.otpauthUrl}>Open the set-up in your authenticator app</a>.
          </p>
        </li>
        <li>
          <p>Cannot scan it? Type this key into the app instead:</p>
          <SecretKey secret={setup.secret} />
        </li>
        <li>
          <p>Enter the code the app now shows for Land Units, and your current password.</p>
          <CodeAndPasswordForm
            label="Confirm your authenticator app"
            schema={TotpConfirmSchema}
            submitLabel="Confirm"
            onCancel={onCancel}
            onSubmit={async (values) => onConfirmed(await securityApi.confirmTotp(values))}
          />
        </li>
      </ol>
    </section>
  );
}

function RemovePanel({ onRemoved, onCancel }: { onRemoved: (message: string) => void; onCancel: () => void }) {
  const { isAdmin } = useSession();
  return (
    <section aria-labelledby="totp-remove-title">
      <PanelTitle id="totp-remove-title">Remove your authenticator app</PanelTitle>
      <CodeAndPasswordForm
        label="Remove your authenticator app"
        schema={SecondFactorChangeSchema}
        submitLabel="Remove authenticator app"
        onCancel={onCancel}
        onSubmit={async (values) => onRemoved((await securityApi.removeTotp(values)).message)}
      >
        <p className={securityStyles.securityWarning}>
          Signing in will ask only for your password, and your recovery codes will stop working. {MONEY_HOLD_WARNING}
          {isAdmin ? ' Administrators cannot use the admin area without an authenticator app.' : ''}
        </p>
      </CodeAndPasswordForm>
    </section>
  );
}

type View = { kind: 'idle' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'codes'; answer: RecoveryCodesAnswer } | { kind: 'remove' };

export interface AuthenticatorSectionProps {
  totp: SecurityOverview['totp'];
  /** The app has just been confirmed (this session has passed a code). */
  onEnrolled: () => void;
  /** Shown beside Done under the new recovery codes (the way to the admin area). */
  afterCodes?: ReactNode;
}

/** The authenticator app: on since when or off; set it up (QR code, key, first code) or remove it. */
export function AuthenticatorSection({ totp, onEnrolled, afterCodes }: AuthenticatorSectionProps) {
  const client = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
  const idle = () => setView({ kind: 'idle' });

  const start = async () => {
    setStarting(true);
    setStatus('');
    setError('');
    try {
      setView({ kind: 'setup', setup: await securityApi.startTotpSetup() });
    } catch (failure) {
      setError(errorMessage(failure));
      refresh();
    } finally {
      setStarting(false);
    }
  };

  if (view.kind === 'setup')
    return (
      <SetUpPanel
        setup={view.setup}
        onCancel={idle}
        onConfirmed={(answer) => {
          setView({ kind: 'codes', answer });
          onEnrolled();
          refresh();
        }}
      />
    );
  if (view.kind === 'codes') return <RecoveryCodesPanel answer={view.answer} onDone={idle} after={afterCodes} />;
  if (view.kind === 'remove')
    return (
      <RemovePanel
        onCancel={idle}
        onRemoved={(message) => {
          setStatus(message);
          idle();
          refresh();
        }}
      />
    );
  return (
    <>
      <p className={securityStyles.securityState}>
        {totp.enabled ? <StatusBadge label="On" tone="success" /> : <StatusBadge label="Off" tone="neutral" />}
        <span>{totp.enabled ? (totp.enabledAt ? `On since ${formatDay(totp.enabledAt)}.` : 'On.') : 'Signing in asks only for your password.'}</span>
      </p>
      <p className="muted">
        {totp.enabled
          ? 'After your password, signing in asks for the 6-digit code the app shows.'
          : 'An authenticator app on your phone gives a new 6-digit code every 30 seconds. With it set up, a stolen password alone cannot open your account.'}
      </p>
      <div className={accountSettingsStyles.settingsActions}>
        {totp.enabled ? (
          <Button variant="secondary" onClick={() => setView({ kind: 'remove' })}>
            Remove
          </Button>
        ) : (
          <Button loading={starting} onClick={() => void start()}>
            Set up
          </Button>
        )}
      </div>
      <SettingsOutcome status={status} error={error} />
    </>
  );
}
