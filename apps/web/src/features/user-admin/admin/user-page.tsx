import { hasPermission, formatDay } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { Tabs } from '../../../shared/ui/tabs';
import { AccountBadges } from './user-badges';
import { detailStates } from '../../../shared/admin/detail-states';
import { UserActionDialog, type PendingAction } from './user-dialogs';
import { OrdersPanel } from './user-orders-panel';
import { AuditPanel, DocumentsPanel, EmailsPanel, Facts, HoldingsPanel, LimitsTable, ProfilePanel, SessionsPanel, when } from './user-panels';
import { MoneyHoldNotice } from '../../../shared/verification/money-hold-notice';
import { userDetailKey, usersApi, type AdminUserDetail } from './users-api';
import * as styles from './users.module.css';
import * as reviewStyles from '../../../shared/verification/review.module.css';

const TABS = ['overview', 'profile', 'holdings', 'orders', 'documents', 'emails', 'sessions', 'audit'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  overview: 'Overview',
  profile: 'Profile & bank',
  holdings: 'Holdings',
  orders: 'Orders',
  documents: 'Documents',
  emails: 'Emails',
  sessions: 'Sessions',
  audit: 'Audit trail',
};

/** What an admin who may act can do to this account now, and why not when they cannot. */
function Actions({ detail, onAct }: { detail: AdminUserDetail; onAct: (action: PendingAction) => void }) {
  const { account } = detail;
  return (
    <section className={styles.usersActions} aria-labelledby="user-actions-title">
      <h3 id="user-actions-title" className="visually-hidden">
        Actions
      </h3>
      {account.status === 'disabled' ? (
        <Button onClick={() => onAct({ kind: 'enable' })}>Enable account</Button>
      ) : account.adminRole ? (
        <p className={styles.usersNote}>Admin accounts cannot be disabled here: an owner manages admins and their roles.</p>
      ) : (
        <Button className={styles.usersDanger} onClick={() => onAct({ kind: 'disable' })}>
          Disable account
        </Button>
      )}
      {account.status === 'unconfirmed' ? (
        <Button variant="secondary" onClick={() => onAct({ kind: 'resend-confirmation' })}>
          Resend confirmation email
        </Button>
      ) : null}
    </section>
  );
}

function Overview({ detail, canManage, onAct }: { detail: AdminUserDetail; canManage: boolean; onAct: (action: PendingAction) => void }) {
  const a = detail.account;
  return (
    <div className={styles.usersOverview}>
      <Facts
        rows={[
          ['Email', <span className={styles.usersEmail}>{a.email}</span>],
          ['Account type', a.userType === 'BUSINESS' ? 'Business' : 'Individual'],
          ...(a.businessName ? ([['Business name', a.businessName]] as const) : []),
          ['Joined', when(a.createdAt)],
          ['Email confirmed', a.emailConfirmedAt ? when(a.emailConfirmedAt) : 'Not yet'],
          ...(a.disabledAt
            ? ([
                ['Disabled', when(a.disabledAt)],
                ['Why', a.disabledReason ?? '—'],
              ] as const)
            : []),
        ]}
      />
      <h3 className={styles.usersSubtitle}>Purchase limits</h3>
      <LimitsTable limits={detail.purchaseLimits} onSet={canManage ? (currency, overrideCents) => onAct({ kind: 'limit', currency, overrideCents }) : undefined} />
    </div>
  );
}

/**
 * /admin/users/:id: one person's account, tab by tab (the tab is in the address). Roles without
 * users.manage read personal data masked and may reveal it with a reason (the server records it);
 * they see no actions. The revealed page is kept only in this view's memory.
 */
export function UserPage() {
  const { id = '' } = useParams();
  // A new person starts masked again: nothing revealed is carried from one page to the next.
  return <UserAccount key={id} id={id} />;
}

function UserAccount({ id }: { id: string }) {
  const { adminRole } = useSession();
  const canManage = hasPermission(adminRole, 'users.manage');
  const location = useLocation();
  const navigate = useNavigate();
  const tabParam = new URLSearchParams(location.search).get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'overview';
  const [action, setAction] = useState<PendingAction | null>(null);
  const [revealed, setRevealed] = useState<AdminUserDetail | null>(null);
  const query = useQuery({ queryKey: userDetailKey(id), queryFn: ({ signal }) => usersApi.detail(id, signal), staleTime: 0, meta: { silent: true } });
  const back = (
    <Link to="/admin/users" className={reviewStyles.reviewBack}>
      ← Back to the search
    </Link>
  );
  const state = detailStates(query, { back, loading: 'Loading the account…', failed: 'The account could not be loaded', height: '10rem' });
  if (state || !query.data) return state;
  const detail = revealed ?? query.data;
  const a = detail.account;
  const panels: Record<Tab, ReactNode> = {
    overview: <Overview detail={detail} canManage={canManage} onAct={setAction} />,
    profile: <ProfilePanel detail={detail} />,
    holdings: <HoldingsPanel holdings={detail.holdings} />,
    orders: <OrdersPanel userId={a.id} first={detail.orders} />,
    documents: <DocumentsPanel documents={detail.documents} />,
    emails: <EmailsPanel emails={detail.emails} changes={detail.emailChanges} />,
    sessions: <SessionsPanel sessions={detail.sessions} />,
    audit: <AuditPanel events={detail.audit} />,
  };
  return (
    <article className={`${reviewStyles.review} ${styles.usersPage}`} aria-labelledby="user-title">
      {back}
      <header className={styles.usersHead}>
        <h2 id="user-title">{`${a.firstName} ${a.lastName ?? ''}`.trim()}</h2>
        <AccountBadges status={a.status} adminRole={a.adminRole} />
        <p className={styles.usersMuted}>
          <span className={styles.usersEmail}>{a.email}</span> · {a.userType === 'BUSINESS' ? `Business${a.businessName ? `: ${a.businessName}` : ''}` : 'Individual'} · joined{' '}
          {formatDay(new Date(a.createdAt))}
        </p>
      </header>
      {detail.masked ? (
        <div className={styles.usersReveal} role="note">
          <p>Personal details (email, phone, address, passport and bank numbers) are masked for your role.</p>
          <Button variant="secondary" onClick={() => setAction({ kind: 'reveal' })}>
            Reveal
          </Button>
        </div>
      ) : revealed ? (
        <p className={styles.usersReveal} role="status">
          Shown unmasked for this view only; the reveal is recorded in the audit log.
        </p>
      ) : null}
      <MoneyHoldNotice hold={detail.moneyHold} staff />
      {canManage ? <Actions detail={detail} onAct={setAction} /> : null}
      <Tabs
        label="About this person"
        listClassName={styles.usersTabList}
        selectedId={tab}
        onSelect={(next) => void navigate(`${location.pathname}${next === 'overview' ? '' : `?tab=${next}`}`, { replace: true })}
        tabs={TABS.map((t) => ({ id: t, label: TAB_LABELS[t], panel: panels[t] }))}
      />
      <UserActionDialog userId={a.id} action={action} onRevealed={setRevealed} onClose={() => setAction(null)} />
    </article>
  );
}
