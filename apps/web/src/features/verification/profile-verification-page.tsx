import { PROFILE_VERIFICATION_LABELS } from '@landunits/domain';
import type { VerificationOverview } from '@landunits/domain/contracts';
import { baseLimit } from './overview-gate';
import { ProfileForm } from './profile-form';
import { VerificationPage, VerificationStep } from './verification-page';

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
  const step = nextStep(profile.status);
  const edit = {
    approved: 'Your profile is approved.',
    editLabel: 'Edit my details',
    title: 'Edit your approved profile?',
    keepLabel: 'Keep my approved profile',
    consequences: (
      <>
        <p>When you save changes, your profile goes back to review. Until it is approved again:</p>
        <ul>
          <li>your purchase limit falls to the email-verified tier ({baseLimit(overview)});</li>
          <li>you cannot sell Units.</li>
        </ul>
      </>
    ),
  };
  return (
    <VerificationStep kind="profile" view={profile} label={PROFILE_VERIFICATION_LABELS[profile.status]} next={step ? <p>{step}</p> : null} edit={edit}>
      {(locked) => <ProfileForm view={profile} locked={locked} />}
    </VerificationStep>
  );
}

/** /dashboard/settings/profile-verification: the profile (KYC/KYB) verification, its status and form. */
export function ProfileVerificationPage() {
  return (
    <VerificationPage title="Profile verification" lead="We check who you are before you can sell Units; an approved profile also raises your purchase limit." what="profile verification">
      {(overview) => <ProfileVerification overview={overview} />}
    </VerificationPage>
  );
}
