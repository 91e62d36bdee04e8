import { auditActionLabel, DOCUMENT_LABELS, formatMoney, formatUnits, type Currency, formatDateTime } from '@landunits/domain';
import type { ReactNode } from 'react';
import { unitTypeLabel } from '../../../shared/orders/order-labels';
import { Button } from '../../../shared/ui/button';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { VERIFICATION_TONES, VERIFICATION_WORDS } from './user-badges';
import type { AdminUserDetail } from './users-api';
import * as reviewStyles from '../../../shared/verification/review.module.css';
import * as styles from './users.module.css';

/** The parts of a person's page, one per tab. Masked values arrive masked from the server. */

type Detail = AdminUserDetail;
export const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const none = (text: string) => <p className={styles.usersNote}>{text}</p>;

export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
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

/** Per currency: the limit in use, where it comes from, and what unapproved buys use of it. */
export function LimitsTable({ limits, onSet }: { limits: Detail['purchaseLimits']; onSet?: ((currency: Currency, overrideCents: number | null) => void) | undefined }) {
  const columns: Column<Detail['purchaseLimits'][number]>[] = [
    { key: 'currency', header: 'Currency', rowHeader: true, cell: (l) => l.currency },
    { key: 'limit', header: 'Limit', numeric: true, cellClassName: styles.usersPageFigure, cell: (l) => formatMoney(l.limitCents, l.currency) },
    {
      key: 'source',
      header: 'Set by',
      cell: (l) =>
        l.overrideCents === null ? (
          `The tier (${formatMoney(l.tierCents, l.currency)})`
        ) : (
          <span className={styles.usersPerson}>
            <span>
              {l.setBy ?? 'An admin'}, {when(l.setAt)}
            </span>
            {l.reason ? <span className={styles.usersMuted}>{l.reason}</span> : null}
          </span>
        ),
    },
    { key: 'used', header: 'Used by unapproved buys', numeric: true, cellClassName: styles.usersPageFigure, cell: (l) => formatMoney(l.usedCents, l.currency) },
    ...(onSet
      ? [
          {
            key: 'action',
            header: <span className="visually-hidden">Action</span>,
            cell: (l: Detail['purchaseLimits'][number]) => (
              <Button size="sm" variant="secondary" onClick={() => onSet(l.currency, l.overrideCents)}>
                Change<span className="visually-hidden"> the {l.currency} limit</span>
              </Button>
            ),
          },
        ]
      : []),
  ];
  return <Table caption="Purchase limits per currency" className={styles.usersPageTable} columns={columns} rows={limits} rowKey={(l) => l.currency} />;
}

const STEP_WORDS: Readonly<Record<string, string>> = {
  saved: 'Saved',
  submitted: 'Submitted for review',
  withdrawn: 'Withdrawn',
  approved: 'Approved',
  rejected: 'Not approved',
  reuploadRequested: 'Asked to upload again',
  expired: 'Passport expired',
  reopened: 'Reopened by an edit',
};

export function ProfilePanel({ detail }: { detail: Detail }) {
  const { profile, bank, history } = detail.verification;
  const p = profile.details;
  const b = bank.details;
  const a = p?.address;
  return (
    <div className={reviewStyles.reviewSides}>
      <section className={reviewStyles.reviewSide} aria-labelledby="user-profile">
        <h3 id="user-profile">
          Profile <StatusBadge label={VERIFICATION_WORDS[profile.status]} tone={VERIFICATION_TONES[profile.status]} />
        </h3>
        {p && a ? (
          <Facts
            rows={[
              ['Name', `${p.firstName} ${p.lastName}`.trim()],
              ['Address', [a.houseNumber, a.streetAddress, a.townCity, a.postcode, a.country].filter(Boolean).join(', ')],
              ['Phone', `${p.contactInfo.telephoneCountryCode} ${p.contactInfo.phoneNumber}`.trim()],
              ...(p.passport
                ? ([
                    ['Passport number', p.passport.passportNumber],
                    ['Issuing country', p.passport.issuingCountry],
                    ['Passport valid', `${p.passport.startDate} to ${p.passport.expiryDate}`],
                  ] as const)
                : []),
              ...(p.businessInfo
                ? ([
                    ['Business name', p.businessInfo.businessName],
                    ['Registration number', p.businessInfo.registrationNumber],
                    ['VAT number', p.businessInfo.vatNumber],
                  ] as const)
                : []),
              ['Note from the person', p.optionalNote],
              ['Submitted', when(profile.submittedAt)],
              ['Decided', when(profile.decidedAt)],
              ...(profile.rejectionReason ? ([['Reason given', profile.rejectionReason]] as const) : []),
            ]}
          />
        ) : (
          none('No profile details saved.')
        )}
      </section>
      <section className={reviewStyles.reviewSide} aria-labelledby="user-bank">
        <h3 id="user-bank">
          Bank <StatusBadge label={VERIFICATION_WORDS[bank.status]} tone={VERIFICATION_TONES[bank.status]} />
        </h3>
        {b ? (
          <Facts
            rows={[
              ['Account name', b.bankAccountName],
              ['Account number', b.bankAccountNumber],
              ['Sort code', b.sortCode],
              ['IBAN', b.iban],
              ['SWIFT/BIC', b.swiftBic],
              ['Routing number', b.routingNumber],
              ['Bank', [b.bankName, b.bankAddress, b.bankCountry].filter(Boolean).join(', ')],
              ['Submitted', when(bank.submittedAt)],
              ['Decided', when(bank.decidedAt)],
            ]}
          />
        ) : (
          none('No bank details saved.')
        )}
      </section>
      <section className={reviewStyles.reviewSide} aria-labelledby="user-verification-history">
        <h3 id="user-verification-history">Verification history</h3>
        {history.length === 0 ? (
          none('No steps recorded yet.')
        ) : (
          <ol className={reviewStyles.reviewHistory}>
            {history.map((e) => (
              <li key={e.id}>
                <strong>{STEP_WORDS[e.action] ?? e.action}</strong> ({e.verification}) · {when(e.at)}
                {e.actor ? ` · by ${e.actor.name}` : ''}
                {e.reason ? <div>Reason given: {e.reason}</div> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export function HoldingsPanel({ holdings }: { holdings: Detail['holdings'] }) {
  const n = (value: number) => formatUnits(value);
  const columns: Column<Detail['holdings'][number]>[] = [
    { key: 'type', header: 'Units', rowHeader: true, cell: (h) => unitTypeLabel(h.unitType) },
    { key: 'owned', header: 'Owned', numeric: true, cellClassName: styles.usersPageFigure, cell: (h) => n(h.owned) },
    { key: 'lu2x', header: 'LU2X', numeric: true, cellClassName: styles.usersPageFigure, cell: (h) => n(h.ownedDoubleLand) },
    { key: 'buy', header: 'Buying', numeric: true, cellClassName: styles.usersPageFigure, cell: (h) => n(h.pendingBuy) },
    { key: 'sell', header: 'Selling', numeric: true, cellClassName: styles.usersPageFigure, cell: (h) => n(h.pendingSell) },
    { key: 'queued', header: 'Transfers queued', numeric: true, cellClassName: styles.usersPageFigure, cell: (h) => n(h.transferQueued) },
    { key: 'locked', header: 'Locked', numeric: true, cellClassName: styles.usersPageFigure, cell: (h) => n(h.convertLocked + h.bonusLocked) },
    { key: 'value', header: 'Value today', numeric: true, cellClassName: styles.usersPageFigure, cell: (h) => formatMoney(h.valueTodayCents, h.currency) },
  ];
  return <Table caption="Holdings per unit type" className={styles.usersPageTable} columns={columns} rows={holdings} rowKey={(h) => h.unitType} />;
}

export function DocumentsPanel({ documents }: { documents: Detail['documents'] }) {
  if (documents.length === 0) return none('No documents uploaded.');
  return (
    <ul className={reviewStyles.reviewDocuments}>
      {documents.map((d) => (
        <li key={d.id} className={d.supersededAt ? `${reviewStyles.reviewDocument} ${reviewStyles.reviewDocumentSuperseded}` : reviewStyles.reviewDocument}>
          <strong>{DOCUMENT_LABELS[d.slot]}</strong> · {d.filename} · uploaded {when(d.uploadedAt)}
          {d.supersededAt ? ` · replaced ${when(d.supersededAt)}` : ' · current'}
          <div>
            {d.url ? (
              <a href={d.url}>
                Download<span className="visually-hidden"> {d.filename}</span>
              </a>
            ) : (
              <span className={styles.usersMuted}>Opened by compliance only</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

const EMAIL_STATUS: Record<Detail['emails'][number]['status'], { label: string; tone: 'success' | 'info' | 'danger' }> = {
  queued: { label: 'Queued', tone: 'info' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export function EmailsPanel({ emails, changes }: { emails: Detail['emails']; changes: Detail['emailChanges'] }) {
  const columns: Column<Detail['emails'][number]>[] = [
    { key: 'subject', header: 'Subject', rowHeader: true, cell: (e) => <span className={styles.usersWrap}>{e.subject}</span> },
    { key: 'to', header: 'To', cell: (e) => <span className={styles.usersEmail}>{e.to}</span> },
    { key: 'status', header: 'Status', cell: (e) => <StatusBadge label={EMAIL_STATUS[e.status].label} tone={EMAIL_STATUS[e.status].tone} /> },
    { key: 'sent', header: 'Sent', cell: (e) => when(e.sentAt ?? e.queuedAt) },
  ];
  return (
    <>
      {emails.length === 0 ? (
        none('No emails sent to this person yet.')
      ) : (
        <Table caption="Emails sent to this person, newest first" className={styles.usersPageTable} columns={columns} rows={emails} rowKey={(e) => e.id} />
      )}
      <h3 className={styles.usersSubtitle}>Email address changes</h3>
      {changes.length === 0 ? (
        none('No email change requests.')
      ) : (
        <ul className={reviewStyles.reviewDocuments}>
          {changes.map((c) => (
            <li key={c.id}>
              {when(c.createdAt)} · {c.oldEmail ?? '—'} → {c.newEmail ?? '—'} · {c.outcome ?? c.status}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function SessionsPanel({ sessions }: { sessions: Detail['sessions'] }) {
  if (sessions.length === 0) return none('No open sessions: the person is signed out everywhere.');
  const columns: Column<Detail['sessions'][number]>[] = [
    { key: 'created', header: 'Signed in', rowHeader: true, cell: (s) => when(s.createdAt) },
    { key: 'seen', header: 'Last seen (to the day)', cell: (s) => when(s.lastSeenAt) },
    { key: 'expires', header: 'Ends', cell: (s) => when(s.expiresAt) },
  ];
  return <Table caption="Open sessions" className={styles.usersPageTable} columns={columns} rows={sessions} rowKey={(s) => s.id} />;
}

const CURRENCY_CODES: readonly unknown[] = ['GBP', 'USD', 'EUR', 'AUD'];

/** A value of an audit row in words; amounts in cents as money when the row names its currency. */
function shown(value: unknown, key: string, currency: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && key.endsWith('Cents') && CURRENCY_CODES.includes(currency)) return formatMoney(value, currency as Currency);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What changed, key by key ("overrideCents: — → 5000"); the currency of a limit is named even though it stays. */
function changes(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]) || k === 'currency')
    .map((k) => (JSON.stringify(b[k]) === JSON.stringify(a[k]) ? `${k}: ${shown(a[k], k, a.currency)}` : `${k}: ${shown(b[k], k, b.currency)} → ${shown(a[k], k, a.currency)}`));
}

export function AuditPanel({ events }: { events: Detail['audit'] }) {
  if (events.length === 0) return none('No admin actions on this account yet.');
  return (
    <ol className={reviewStyles.reviewHistory}>
      {events.map((e) => (
        <li key={e.id}>
          <strong>{auditActionLabel(e.action)}</strong> · {when(e.at)} · by {e.actorName ?? 'an admin'} ({e.actorRole.toLowerCase()}){' '}
          <span className={styles.usersMuted}>{e.actorUserId.slice(0, 8)}…</span>
          <ul className={styles.usersChanges}>
            {changes(e.before, e.after).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {e.reason ? <div>Reason: {e.reason}</div> : null}
        </li>
      ))}
    </ol>
  );
}
