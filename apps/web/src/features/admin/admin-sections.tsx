import { useState } from 'react';
import { EmailChangesSection } from './email-changes-section';
import { OrdersQueue } from './orders-queue';
import { ReferenceCodesSection } from './reference-codes-section';
import { TransitionDialog, type TransitionTarget } from './transition-dialog';

/** /admin/orders: the orders waiting for an admin, with the payments to check above them. */
export function AdminOrdersPage() {
  const [target, setTarget] = useState<TransitionTarget | null>(null);
  return (
    <>
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
