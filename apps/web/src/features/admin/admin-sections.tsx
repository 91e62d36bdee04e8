import { adminSectionsFor, hasPermission } from '@landunits/domain';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { useSession } from '../../shared/session/session';
import { EmptyState } from '../../shared/ui/empty-state';
import { EmailChangesSection } from './email-changes-section';
import { OrdersQueue } from './orders-queue';
import { ReconcileCard } from './reconcile-card';
import { ReferenceCodesSection } from './reference-codes-section';
import { TransitionDialog, type TransitionTarget } from './transition-dialog';

/** Old links to /admin?section=… lead to the section's own address. */
const OLD_SECTIONS: Readonly<Record<string, string>> = { orders: '/admin/orders', 'reference-codes': '/admin/codes' };

/** /admin: the first section the admin's role allows (or the one an old link names). */
export function AdminIndexPage() {
  const { adminRole } = useSession();
  const param = useQueryParam('section');
  const allowed = adminSectionsFor(adminRole).map((route) => route.path);
  const asked = param ? OLD_SECTIONS[param] : undefined;
  const to = asked && allowed.includes(asked) ? asked : allowed[0];
  if (to) return <Navigate to={to} replace />;
  return <EmptyState title="No sections for your role yet" message="The sections of your role will appear here as they are added." />;
}

/** /admin/orders: the ledger check (for roles that may run it), then the orders waiting for an admin. */
export function AdminOrdersPage() {
  const { adminRole } = useSession();
  const [target, setTarget] = useState<TransitionTarget | null>(null);
  return (
    <>
      {hasPermission(adminRole, 'ledger.reconcile') ? <ReconcileCard /> : null}
      <OrdersQueue onAction={setTarget} />
      <TransitionDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

/** /admin/codes: the reference codes, their form and list. */
export function AdminCodesPage() {
  return <ReferenceCodesSection />;
}

/** /admin/email-changes: email change requests waiting for a decision. */
export function AdminEmailChangesPage() {
  return <EmailChangesSection />;
}
