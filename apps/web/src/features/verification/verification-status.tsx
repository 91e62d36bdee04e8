import { DOCUMENT_LABELS, type VerificationStatus } from '@landunits/domain';
import type { DocumentSlot } from '@landunits/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useMessageAction } from '../../shared/lib/use-message-action';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { StatusBadge, type BadgeTone } from '../../shared/ui/status-badge';
import { showToast } from '../../shared/ui/toast-store';
import { useApplyAnswer, verificationApi, type VerificationKind } from './verification-api';
import * as styles from './settings.module.css';

export const STATUS_TONES: Readonly<Record<VerificationStatus, BadgeTone>> = {
  UnVerified: 'danger',
  Saved: 'warning',
  Pending: 'info',
  Approved: 'success',
  Rejected: 'danger',
};

/** The panel's edge in the colour of its status (the same as its badge's tone). */
const STATUS_CLASSES: Readonly<Record<VerificationStatus, string>> = {
  UnVerified: styles.verificationStatusDanger,
  Saved: styles.verificationStatusWarning,
  Pending: styles.verificationStatusInfo,
  Approved: styles.verificationStatusSuccess,
  Rejected: styles.verificationStatusDanger,
};

export interface StatusPanelProps {
  kind: VerificationKind;
  status: VerificationStatus;
  label: string;
  rejectionReason: string | null;
  reupload: { slot: DocumentSlot; reason: string } | null;
  /** What the person reads under the status (what to do next). */
  children?: ReactNode;
}

/**
 * The status of a verification at #verification-status: its label, the reason of a rejection,
 * and a banner naming a document an admin asked to be uploaded again.
 */
export function StatusPanel({ kind, status, label, rejectionReason, reupload, children }: StatusPanelProps) {
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // The page's content arrives after the navigation: the #verification-status link lands here once it does.
  useEffect(() => {
    if (hash === '#verification-status') ref.current?.focus();
    // Once, when the status first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section ref={ref} id="verification-status" className={`${styles.verificationStatus} ${STATUS_CLASSES[status]}`} aria-labelledby="verification-status-title" tabIndex={-1}>
      <h2 id="verification-status-title" className={styles.verificationStatusTitle}>
        {kind === 'profile' ? 'Profile verification' : 'Bank verification'}: <StatusBadge label={label} tone={STATUS_TONES[status]} />
      </h2>
      {status === 'Rejected' && rejectionReason ? (
        <p>
          <strong>Reason:</strong> {rejectionReason}
        </p>
      ) : null}
      {reupload ? (
        <div className={styles.verificationStatusReupload} role="alert">
          <strong>Please upload your {DOCUMENT_LABELS[reupload.slot].toLowerCase()} again.</strong> {reupload.reason}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** While a submission waits for review: it can be withdrawn (back to Saved), after a confirmation. */
export function WithdrawSubmission({ kind }: { kind: VerificationKind }) {
  const [open, setOpen] = useState(false);
  const { run, pending: busy, error } = useMessageAction();
  const apply = useApplyAnswer();
  const withdraw = () =>
    run(
      () => verificationApi.withdraw(kind),
      (message, answer) => {
        apply(answer);
        setOpen(false);
        showToast(message, 'success');
      },
    );
  return (
    <>
      <p>Your details are waiting for review and cannot be changed now. To change them, withdraw the submission first.</p>
      <div className={styles.verificationActions}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Withdraw submission
        </Button>
      </div>
      <Dialog open={open} title="Withdraw your submission?" onClose={() => setOpen(false)}>
        <p>Your details stay saved, but nobody reviews them until you submit them again.</p>
        {error ? (
          <p className={`${styles.settingsMessage} ${styles.settingsMessageError}`} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.settingsDialogActions}>
          <Button onClick={() => void withdraw()} loading={busy}>
            Withdraw submission
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)} data-autofocus>
            Keep it under review
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** A yes/no question before an action with consequences. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      {children}
      <div className={styles.settingsDialogActions}>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
        <Button variant="ghost" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
      </div>
    </Dialog>
  );
}
