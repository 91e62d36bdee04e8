import type { VerificationOverview } from '@landunits/domain/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button';
import { Stepper } from '../../shared/ui/stepper';
import { OverviewGate } from './overview-gate';
import type { VerificationKind } from './verification-api';
import { ConfirmDialog, StatusPanel, WithdrawSubmission, type StatusPanelProps } from './verification-status';
import * as styles from './settings.module.css';

/** The words around editing approved details: asked first, since saving sends them back to review. */
export interface ApprovedEditWords {
  /** Said under the status while approved. */
  approved: string;
  /** The button that asks, and the dialog's yes. */
  editLabel: string;
  title: string;
  keepLabel: string;
  /** What happens once the changes are saved (the dialog's text). */
  consequences: ReactNode;
}

export interface VerificationStepProps {
  kind: VerificationKind;
  view: Pick<StatusPanelProps, 'status' | 'rejectionReason' | 'reupload'>;
  label: string;
  /** What to do next, under the status. */
  next: ReactNode;
  edit: ApprovedEditWords;
  /** The form, locked while under review and while approved unless the person chose to edit. */
  children: (locked: boolean) => ReactNode;
}

/** A verification's three steps: the person fills in and uploads, the team reviews, it is verified. */
export const VERIFICATION_STEPS = ['Fill in and upload', 'Our review', 'Verified'] as const;

/** The step a verification is at: back to the first while it is a draft or after a rejection. */
export function verificationStepOf(status: StatusPanelProps['status']): number {
  if (status === 'Pending') return 1;
  if (status === 'Approved') return 2;
  return 0;
}

/** A verification's steps, its status panel (withdraw while pending, edit after a confirmation once approved) and its form. */
export function VerificationStep({ kind, view, label, next, edit, children }: VerificationStepProps) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const approved = view.status === 'Approved';
  const locked = view.status === 'Pending' || (approved && !editing);

  return (
    <>
      <Stepper label={kind === 'profile' ? 'Verifying your profile' : 'Verifying your bank account'} steps={VERIFICATION_STEPS} current={verificationStepOf(view.status)} />
      <StatusPanel kind={kind} status={view.status} label={label} rejectionReason={view.rejectionReason} reupload={view.reupload}>
        {next}
        {view.status === 'Pending' ? <WithdrawSubmission kind={kind} /> : null}
        {approved && !editing ? (
          <div className={styles.verificationActions}>
            <p>{edit.approved}</p>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              {edit.editLabel}
            </Button>
          </div>
        ) : null}
      </StatusPanel>
      <ConfirmDialog
        open={asking}
        title={edit.title}
        confirmLabel={edit.editLabel}
        cancelLabel={edit.keepLabel}
        onConfirm={() => {
          setAsking(false);
          setEditing(true);
        }}
        onCancel={() => setAsking(false)}
      >
        {edit.consequences}
      </ConfirmDialog>
      {children(locked)}
    </>
  );
}

/** A verification page: back to the profile, its title and lead, then its content once the overview has loaded. */
export function VerificationPage({ title, lead, what, children }: { title: string; lead: string; what: string; children: (overview: VerificationOverview) => ReactNode }) {
  return (
    <div className={`page ${styles.settingsPage}`}>
      <p className={styles.settingsBack}>
        <Link to="/dashboard/settings">Back to your profile</Link>
      </p>
      <h1 tabIndex={-1}>{title}</h1>
      <p className="page__lead">{lead}</p>
      <OverviewGate what={what}>{children}</OverviewGate>
    </div>
  );
}
