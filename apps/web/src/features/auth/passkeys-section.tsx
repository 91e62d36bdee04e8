import { MAX_PASSKEYS, MONEY_HOLD_WARNING, PasskeyRegisterSchema, PasskeyPasswordSchema, PasskeyRenameSchema, formatDay } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { formFailureMessage } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { makePasskey, passkeyFailureMessage, passkeysSupported } from '../../shared/lib/passkeys';
import { useSession } from '../../shared/session';
import { Button } from '../../shared/ui/button';
import { StatusBadge } from '../../shared/ui/status-badge';
import { TextField } from '../../shared/ui/text-field';
import { PanelTitle } from './authenticator-section';
import { FormButtons } from './code-and-password-form';
import { PasswordField } from './password-field';
import { RecoveryCodesPanel } from './recovery-codes';
import { SECURITY_QUERY_KEY, securityApi, type PasskeyAdded, type PasskeyView } from './security-api';
import { SettingsError, SettingsOutcome } from '../../shared/account-settings/settings-page';
import * as securityStyles from './security.module.css';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

/** What the add form asks: the passkey's name and the password (the browser makes the passkey itself). */
const AddPasskeySchema = PasskeyRegisterSchema.pick({ name: true, password: true });

/** A name to start from: the browser and system this passkey is being made on. */
function suggestedName(): string {
  const agent = navigator.userAgent;
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iPhone' : /Mac OS X/.test(agent) ? 'Mac' : /Windows/.test(agent) ? 'Windows' : /Linux/.test(agent) ? 'Linux' : '';
  return system ? `Passkey on ${system}` : 'My passkey';
}

/** Name and password, then the browser's own prompt (fingerprint, face, PIN or security key). */
function AddPanel({ onAdded, onCancel }: { onAdded: (answer: PasskeyAdded) => void; onCancel: () => void }) {
  const [error, setError] = useState('');
  const form = useForm(AddPasskeySchema, { name: suggestedName(), password: '' }, async (values, { showServerErrors }) => {
    setError('');
    // The password is checked first: a wrong one is said before the browser's prompt, not after it.
    let options;
    try {
      options = await securityApi.passkeyOptions({ password: values.password });
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
      return;
    }
    let answer;
    try {
      answer = await makePasskey(options);
    } catch (failure) {
      setError(passkeyFailureMessage(failure));
      return;
    }
    try {
      onAdded(await securityApi.registerPasskey({ ...values, answer }));
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <section aria-labelledby="passkey-add-title">
      <PanelTitle id="passkey-add-title">Add a passkey</PanelTitle>
      <form {...form.formProps} aria-label="Add a passkey" className={accountSettingsStyles.settingsForm}>
        <p>Your browser will ask you to confirm with your fingerprint, face, screen lock or a security key. A passkey saved in a password manager works on your other devices too.</p>
        <TextField {...form.field('name')} label="Passkey name" hint="To tell your passkeys apart, for example “Work laptop”." autoComplete="off" />
        <PasswordField {...form.field('password')} label="Current password" autoComplete="current-password" />
        <FormButtons submitting={form.submitting} ready={form.ready} submitLabel="Add passkey" onCancel={onCancel} />
        <SettingsError>{error || form.loadError}</SettingsError>
      </form>
    </section>
  );
}

function RenameForm({ passkey, onDone, onCancel }: { passkey: PasskeyView; onDone: (message: string) => void; onCancel: () => void }) {
  const [error, setError] = useState('');
  const form = useForm(PasskeyRenameSchema, { name: passkey.name }, async (values, { showServerErrors }) => {
    setError('');
    try {
      onDone((await securityApi.renamePasskey(passkey.id, values)).message);
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <form {...form.formProps} aria-label={`Rename ${passkey.name}`} className={`${accountSettingsStyles.settingsForm} ${securityStyles.securityPasskeyForm}`}>
      <TextField {...form.field('name')} label="New name" autoComplete="off" autoFocus />
      <FormButtons submitting={form.submitting} ready={form.ready} submitLabel="Save name" onCancel={onCancel} />
      <SettingsError>{error || form.loadError}</SettingsError>
    </form>
  );
}

function RemoveForm({ passkey, onDone, onCancel }: { passkey: PasskeyView; onDone: (message: string) => void; onCancel: () => void }) {
  const [error, setError] = useState('');
  const form = useForm(PasskeyPasswordSchema, { password: '' }, async (values, { showServerErrors }) => {
    setError('');
    try {
      onDone((await securityApi.removePasskey(passkey.id, values)).message);
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <form {...form.formProps} aria-label={`Remove ${passkey.name}`} className={`${accountSettingsStyles.settingsForm} ${securityStyles.securityPasskeyForm}`}>
      <p className={securityStyles.securityWarning}>
        “{passkey.name}” will no longer sign you in. Remove it from your device or password manager too. {MONEY_HOLD_WARNING}
      </p>
      <PasswordField {...form.field('password')} label="Current password" autoComplete="current-password" autoFocus />
      <FormButtons submitting={form.submitting} ready={form.ready} submitLabel="Remove passkey" onCancel={onCancel} />
      <SettingsError>{error || form.loadError}</SettingsError>
    </form>
  );
}

type Edit = 'rename' | 'remove';

function PasskeyItem({
  passkey,
  editing,
  onEdit,
  onDone,
  buttonRef,
}: {
  passkey: PasskeyView;
  editing: Edit | null;
  onEdit: (what: Edit | null) => void;
  onDone: (message: string) => void;
  /** Where the section keeps this passkey's Rename and Remove buttons, to bring focus back to them. */
  buttonRef: (what: Edit) => Ref<HTMLButtonElement>;
}) {
  let body: ReactNode;
  if (editing === 'rename') body = <RenameForm passkey={passkey} onDone={onDone} onCancel={() => onEdit(null)} />;
  else if (editing === 'remove') body = <RemoveForm passkey={passkey} onDone={onDone} onCancel={() => onEdit(null)} />;
  else
    body = (
      <div className={accountSettingsStyles.settingsActions}>
        <Button ref={buttonRef('rename')} variant="secondary" size="sm" onClick={() => onEdit('rename')} aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
        <Button ref={buttonRef('remove')} variant="secondary" size="sm" onClick={() => onEdit('remove')} aria-label={`Remove ${passkey.name}`}>
          Remove
        </Button>
      </div>
    );
  return (
    <li className={securityStyles.securityPasskey}>
      <p className={securityStyles.securityPasskeyName}>
        <strong>{passkey.name}</strong> {passkey.synced ? <StatusBadge label="Synced" tone="info" /> : null}
      </p>
      <p className={`muted ${securityStyles.securityPasskeyDates}`}>
        Added {formatDay(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${formatDay(passkey.lastUsedAt)}` : 'Not used yet'}
      </p>
      {body}
    </li>
  );
}

export interface PasskeysSectionProps {
  passkeys: readonly PasskeyView[];
  /** A passkey has just been added (this session now counts as having passed one). */
  onEnrolled: () => void;
  /** Shown beside Done under new recovery codes (the way to the admin area). */
  afterCodes?: ReactNode;
}

type View = { kind: 'idle' } | { kind: 'add' } | { kind: 'codes'; answer: { message: string; recoveryCodes: string[] } } | { kind: 'edit'; id: string; what: Edit };

/** The button that opened a form, or the one to land on once it closes: "add", or "<passkey id>:rename|remove". */
type FocusTarget = 'add' | `${string}:${Edit}`;

/**
 * Brings focus back to a button once the form it opened has closed (Cancel, Save name, Done), or to
 * "Add a passkey" when the passkey it belonged to is gone, rather than leaving it on the page body.
 */
function useFocusReturn(closed: boolean) {
  const buttons = useRef(new Map<FocusTarget, HTMLButtonElement>());
  // Set just before the form closes; read once the buttons are back on the page.
  const target = useRef<FocusTarget | null>(null);
  useEffect(() => {
    if (!closed || !target.current) return;
    buttons.current.get(target.current)?.focus();
    target.current = null;
  }, [closed]);
  const keep = (key: FocusTarget) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(key, button);
    else buttons.current.delete(key);
  };
  const returnTo = (key: FocusTarget) => {
    target.current = key;
  };
  return { keep, returnTo };
}

/** Passkeys: the list with rename and remove, and a way to add one (the first also makes recovery codes). */
export function PasskeysSection({ passkeys, onEnrolled, afterCodes }: PasskeysSectionProps) {
  const client = useQueryClient();
  const { isAdmin } = useSession();
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [status, setStatus] = useState('');
  const { keep, returnTo } = useFocusReturn(view.kind === 'idle');
  const refresh = () => void client.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
  const close = (focus: FocusTarget) => {
    returnTo(focus);
    setView({ kind: 'idle' });
  };
  const done = (message: string) => {
    setStatus(message);
    // A renamed passkey keeps its buttons; a removed one (or a new one) leaves "Add a passkey".
    close(view.kind === 'edit' && view.what === 'rename' ? `${view.id}:rename` : 'add');
    refresh();
  };

  if (view.kind === 'add')
    return (
      <AddPanel
        onCancel={() => close('add')}
        onAdded={(answer) => {
          onEnrolled();
          refresh();
          if (answer.recoveryCodes) setView({ kind: 'codes', answer: { message: answer.message, recoveryCodes: answer.recoveryCodes } });
          else done(answer.message);
        }}
      />
    );
  if (view.kind === 'codes') return <RecoveryCodesPanel answer={view.answer} onDone={() => close('add')} after={afterCodes} />;

  const supported = passkeysSupported();
  return (
    <>
      <p className="muted">
        {passkeys.length > 0
          ? 'Sign in with a passkey instead of your password, or use one after your password. Each passkey stays on your device or in your password manager.'
          : `A passkey signs you in with your fingerprint, face or screen lock, and cannot be phished. ${isAdmin ? 'Administrators can use one instead of an authenticator app.' : ''}`}
      </p>
      {passkeys.length > 0 ? (
        <ul className={securityStyles.securityPasskeys} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              editing={view.kind === 'edit' && view.id === passkey.id ? view.what : null}
              onEdit={(what) => {
                setStatus('');
                if (what) setView({ kind: 'edit', id: passkey.id, what });
                else if (view.kind === 'edit') close(`${passkey.id}:${view.what}`);
              }}
              onDone={done}
              buttonRef={(what) => keep(`${passkey.id}:${what}`)}
            />
          ))}
        </ul>
      ) : null}
      <div className={accountSettingsStyles.settingsActions}>
        {supported ? (
          <Button
            ref={keep('add')}
            variant={passkeys.length > 0 ? 'secondary' : 'primary'}
            disabled={passkeys.length >= MAX_PASSKEYS}
            onClick={() => {
              setStatus('');
              setView({ kind: 'add' });
            }}
          >
            Add a passkey
          </Button>
        ) : (
          <p className={accountSettingsStyles.settingsNote}>This browser cannot use passkeys. Try an up-to-date Chrome, Edge, Safari or Firefox.</p>
        )}
      </div>
      <SettingsOutcome status={status} error={undefined} />
    </>
  );
}
