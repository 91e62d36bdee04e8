import { PROFILE_VERIFICATION_LABELS } from '@landunits/domain';
import type { VerificationOverview } from '@landunits/domain/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button';
import { baseLimit, OverviewGate } from './overview-gate';
import { ProfileForm } from './profile-form';
import { ConfirmDialog, StatusPanel, WithdrawSubmission } from './verification-status';
import './settings.css';

function nextStep(status: VerificationOverview['profile']['status']): string {
  switch (status) {
    case 'UnVerified':
      return 'Fill in your details and upload your document, then submit them for review.';
    case 'Saved':
      return 'Your details are saved. Submit them for review when everything is filled in.';
    case 'Rejected':
      return 'Correct your details and submit them again.';
    default:
      return '';
  }
}

function ProfileVerification({ overview }: { overview: VerificationOverview }) {
  const profile = overview.profile;
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const approved = profile.status === 'Approved';
  const locked = profile.status === 'Pending' || (approved && !editing);
  const step = nextStep(profile.status);

  return (
    <>
      <StatusPanel kind="profile" status={profile.status} label={PROFILE_VERIFICATION_LABELS[profile.status]} rejectionReason={profile.rejectionReason} reupload={profile.reupload}>
        {step ? <p>{step}</p> : null}
        {profile.status === 'Pending' ? <WithdrawSubmission kind="profile" /> : null}
        {approved && !editing ? (
          <div className="verification-actions">
            <p>Your profile is approved.</p>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              Edit my details
            </Button>
          </div>
        ) : null}
      </StatusPanel>
      <ConfirmDialog
        open={asking}
        title="Edit your approved profile?"
        confirmLabel="Edit my details"
        cancelLabel="Keep my approved profile"
        onConfirm={() => {
          setAsking(false);
          setEditing(true);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>When you save changes, your profile goes back to review. Until it is approved again:</p>
        <ul>
          <li>your purchase limit falls to the email-verified tier ({baseLimit(overview)});</li>
          <li>you cannot sell Units.</li>
        </ul>
      </ConfirmDialog>
      <ProfileForm view={profile} locked={locked} />
    </>
  );
}

/** /dashboard/settings/profile-verification: the profile (KYC/KYB) verification, its status and form. */
export function ProfileVerificationPage() {
  return (
    <div className="page settings-page">
      <p className="settings-back">
        <Link to="/dashboard/settings">Back to your profile</Link>
      </p>
      <h1 tabIndex={-1}>Profile verification</h1>
      <p className="page__lead">We check who you are before you can sell Units; an approved profile also raises your purchase limit.</p>
      <OverviewGate what="profile verification">{(overview) => <ProfileVerification overview={overview} />}</OverviewGate>
    </div>
  );
}
