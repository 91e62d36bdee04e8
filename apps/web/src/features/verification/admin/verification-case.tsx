import { BANK_VERIFICATION_LABELS, DOCUMENT_LABELS, PROFILE_VERIFICATION_LABELS, type VerificationStatus, formatDateTime } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { StatusBadge, type BadgeTone } from '../../../shared/ui/status-badge';
import { MoneyHoldNotice } from '../../../shared/verification/money-hold-notice';
import { ReviewDialog, type ReviewAction } from './review-dialog';
import { detailStates } from '../../../shared/admin/detail-states';
import { reviewCaseKey, verificationsApi, type ReviewCase, type ReviewDocument, type ReviewEvent, type ReviewKind } from './verifications-api';
import * as styles from './verifications.module.css';
import * as reviewStyles from '../../../shared/verification/review.module.css';

const TONES: Record<VerificationStatus, BadgeTone> = { UnVerified: 'slate', Saved: 'info', Pending: 'lilac', Approved: 'success', Rejected: 'danger' };
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const ACTIONS: Record<string, string> = {
  saved: 'Saved',
  submitted: 'Submitted for review',
  withdrawn: 'Withdrawn',
  approved: 'Approved',
  rejected: 'Not approved',
  reuploadRequested: 'Asked to upload again',
  expired: 'Passport expired',
  reopened: 'Reopened by an edit',
};

function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className={reviewStyles.reviewFacts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Documents({ documents }: { documents: readonly ReviewDocument[] }) {
  if (documents.length === 0) return <p className={styles.reviewNote}>No documents uploaded.</p>;
  return (
    <ul className={reviewStyles.reviewDocuments}>
      {documents.map((doc) => (
        <li key={doc.id} className={doc.supersededAt ? `${reviewStyles.reviewDocument} ${reviewStyles.reviewDocumentSuperseded}` : reviewStyles.reviewDocument}>
          <p className={styles.reviewDocumentTitle}>
            <strong>{DOCUMENT_LABELS[doc.slot]}</strong> · {doc.filename} · uploaded {when(doc.uploadedAt)}
            {doc.supersededAt ? ` · replaced ${when(doc.supersededAt)}` : ' · current'}
          </p>
          {doc.contentType.startsWith('image/') ? (
            <>
              <img src={doc.url} alt={`${DOCUMENT_LABELS[doc.slot]}: ${doc.filename}`} className={styles.reviewDocumentImage} loading="lazy" />
              <a href={doc.url}>
                Download image<span className="visually-hidden"> {doc.filename}</span>
              </a>
            </>
          ) : (
            <a href={doc.url}>
              Download PDF<span className="visually-hidden"> {doc.filename}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function History({ events }: { events: readonly ReviewEvent[] }) {
  if (events.length === 0) return <p className={styles.reviewNote}>No steps recorded yet.</p>;
  return (
    <ol className={reviewStyles.reviewHistory}>
      {events.map((e) => (
        <li key={e.id}>
          <strong>{ACTIONS[e.action] ?? e.action}</strong> ({e.verification === 'profile' ? 'profile' : 'bank'}) · {when(e.at)} ·{' '}
          {e.actor ? e.actor.name : e.action === 'expired' ? 'the daily passport check' : 'the person'}
          {e.documentSlot ? <div>Document: {DOCUMENT_LABELS[e.documentSlot]}</div> : null}
          {e.reason ? <div>Reason given: {e.reason}</div> : null}
          {e.internalNote ? <div className={styles.reviewInternal}>Internal note: {e.internalNote}</div> : null}
        </li>
      ))}
    </ol>
  );
}

function Side({
  title,
  kind,
  side,
  facts,
  extra,
  onAction,
}: {
  title: string;
  kind: ReviewKind;
  side: ReviewCase['profile'] | ReviewCase['bank'];
  facts: [string, ReactNode][];
  extra?: ReactNode;
  onAction: (a: ReviewAction) => void;
}) {
  const labels = kind === 'profile' ? PROFILE_VERIFICATION_LABELS : BANK_VERIFICATION_LABELS;
  const pending = side.status === 'Pending';
  return (
    <section className={reviewStyles.reviewSide} aria-labelledby={`case-${kind}`}>
      <h3 id={`case-${kind}`}>
        {title} <StatusBadge label={labels[side.status]} tone={TONES[side.status]} />
      </h3>
      {extra}
      <Facts
        rows={[
          ...facts,
          ['Submitted', when(side.submittedAt)],
          ['Decided', when(side.decidedAt)],
          ...(side.rejectionReason ? ([['Reason given', side.rejectionReason]] as [string, ReactNode][]) : []),
          ...(side.reupload ? ([['Asked to upload again', `${DOCUMENT_LABELS[side.reupload.slot]}: ${side.reupload.reason}`]] as [string, ReactNode][]) : []),
        ]}
      />
      <h4>Documents</h4>
      <Documents documents={side.documents} />
      {pending ? (
        <div className={styles.reviewActions}>
          <Button onClick={() => onAction({ kind, decision: 'approve' })}>Approve</Button>
          <Button variant="secondary" onClick={() => onAction({ kind, decision: 'reject' })}>
            Reject
          </Button>
          <Button variant="secondary" onClick={() => onAction({ kind, decision: 'reupload' })}>
            Request re-upload
          </Button>
        </div>
      ) : (
        <p className={styles.reviewNote}>Only a submission waiting for review can be decided.</p>
      )}
    </section>
  );
}

function profileFacts(c: ReviewCase): [string, ReactNode][] {
  const d = c.profile.details;
  if (!d) return [['Details', 'Nothing saved yet']];
  const a = d.address;
  return [
    ['Name', `${d.firstName} ${d.lastName}`.trim()],
    ['Address', [a.houseNumber, a.streetAddress, a.townCity, a.postcode, a.country].filter(Boolean).join(', ')],
    ['Phone', `${d.contactInfo.telephoneCountryCode} ${d.contactInfo.phoneNumber}`.trim()],
    ...(d.passport
      ? ([
          ['Passport number', d.passport.passportNumber],
          ['Issuing country', d.passport.issuingCountry],
          ['Passport valid', `${d.passport.startDate} to ${d.passport.expiryDate}`],
        ] as [string, ReactNode][])
      : []),
    ...(d.businessInfo
      ? ([
          ['Business name', d.businessInfo.businessName],
          ['Registration number', d.businessInfo.registrationNumber],
          ['VAT number', d.businessInfo.vatNumber],
        ] as [string, ReactNode][])
      : []),
    ['Note from the person', d.optionalNote],
  ];
}

function bankFacts(c: ReviewCase): [string, ReactNode][] {
  const d = c.bank.details;
  if (!d) return [['Details', 'Nothing saved yet']];
  return [
    ['Account name', d.bankAccountName],
    ['Account number', d.bankAccountNumber],
    ['Sort code', d.sortCode],
    ['IBAN', d.iban],
    ['SWIFT/BIC', d.swiftBic],
    ['Routing number', d.routingNumber],
    ['Bank', d.bankName],
    ['Bank address', d.bankAddress],
    ['Bank country', d.bankCountry],
  ];
}

function NameCheck({ matches }: { matches: boolean | null }) {
  if (matches === null) return null;
  return (
    <div className={styles.reviewNameCheck}>
      {matches ? <StatusBadge label="Account name matches the profile" tone="success" /> : <StatusBadge label="Account name differs from the profile: check it" tone="warning" />}
    </div>
  );
}

/** One person's verifications, with the decisions on the one waiting for review. */
export function VerificationCase({ userId, kind, backHref }: { userId: string; kind: ReviewKind; backHref: string }) {
  const [action, setAction] = useState<ReviewAction | null>(null);
  const query = useQuery({ queryKey: reviewCaseKey(userId), queryFn: ({ signal }) => verificationsApi.case(userId, signal), staleTime: 0, meta: { silent: true } });
  const back = (
    <Link to={backHref} className={reviewStyles.reviewBack}>
      ← Back to the {kind === 'bank' ? 'bank' : 'profile'} queue
    </Link>
  );
  const state = detailStates(query, { back, loading: 'Loading the case…', failed: 'The case could not be loaded', height: '8rem' });
  if (state || !query.data) return state;
  const c = query.data;
  const a = c.account;
  return (
    <article className={reviewStyles.review} aria-labelledby="case-title">
      {back}
      <h2 id="case-title">{`${a.firstName} ${a.lastName ?? ''}`.trim()}</h2>
      <Facts
        rows={[
          ['Email', <span className={styles.reviewEmail}>{a.email}</span>],
          ['Account type', a.userType === 'BUSINESS' ? 'Business' : 'Individual'],
          ...(a.businessName ? ([['Business name', a.businessName]] as [string, ReactNode][]) : []),
          ['Account created', when(a.createdAt)],
        ]}
      />
      <MoneyHoldNotice hold={c.moneyHold} staff />
      <div className={reviewStyles.reviewSides}>
        <Side title="Profile" kind="profile" side={c.profile} facts={profileFacts(c)} onAction={setAction} />
        <Side title="Bank" kind="bank" side={c.bank} facts={bankFacts(c)} extra={<NameCheck matches={c.bank.accountNameMatches} />} onAction={setAction} />
      </div>
      <section aria-labelledby="case-history">
        <h3 id="case-history">History</h3>
        <History events={c.history} />
      </section>
      <ReviewDialog userId={a.userId} action={action} onClose={() => setAction(null)} />
    </article>
  );
}
