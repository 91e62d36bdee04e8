import { hasPermission } from '@landunits/domain';
import { useState } from 'react';
import { useSession } from '../../../shared/session/session';
import { OrdersQueue } from './orders-queue';
import { ReconcileCard } from './reconcile-card';
import { TransitionDialog, type TransitionTarget } from './transition-dialog';

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
