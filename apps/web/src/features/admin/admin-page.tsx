import { useState } from 'react';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { Tabs } from '../../shared/ui/tabs';
import { OrdersQueue } from './orders-queue';
import { ReconcileCard } from './reconcile-card';
import { ReferenceCodesSection } from './reference-codes-section';
import { TransitionDialog, type TransitionTarget } from './transition-dialog';
import './admin.css';
import '../../shared/ui/card-list.css';

/** The sections of /admin, each its own tab; `?section=reference-codes` opens the codes. */
const SECTIONS = { orders: 'Orders', 'reference-codes': 'Reference codes' } as const;
type SectionId = keyof typeof SECTIONS;
const isSection = (value: string | null): value is SectionId => value !== null && value in SECTIONS;

/**
 * /admin: the ledger check, then the orders waiting for an admin (with flagged payments) and the
 * reference codes, one tab each. A tab's data is asked for only when the tab is open. Choosing a
 * tab does not navigate, so focus stays on the tab; a link with another ?section switches to it.
 */
export function AdminPage() {
  const [target, setTarget] = useState<TransitionTarget | null>(null);
  const param = useQueryParam('section');
  const fromAddress: SectionId = isSection(param) ? param : 'orders';
  const [choice, setChoice] = useState<{ param: string | null; section: SectionId }>({ param, section: fromAddress });
  if (choice.param !== param) setChoice({ param, section: fromAddress });
  const section = choice.param === param ? choice.section : fromAddress;
  const select = (id: string) => {
    if (isSection(id)) setChoice({ param, section: id });
  };

  return (
    <div className="page admin-page">
      <h1 tabIndex={-1}>Administration</h1>
      <p className="page__lead">Orders waiting for an admin, oldest first, payments to check, reference codes and the ledger check.</p>
      <div className="admin-layout">
        <ReconcileCard />
        <Tabs
          label="Administration sections"
          className="admin-tabs"
          selectedId={section}
          onSelect={select}
          tabs={[
            { id: 'orders', label: SECTIONS.orders, panel: <OrdersQueue onAction={setTarget} /> },
            { id: 'reference-codes', label: SECTIONS['reference-codes'], panel: <ReferenceCodesSection /> },
          ]}
        />
      </div>
      <TransitionDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
