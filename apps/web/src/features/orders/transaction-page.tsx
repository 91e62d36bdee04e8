import { useState } from 'react';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { Tabs } from '../../shared/ui/tabs';
import { BuyForm } from './buy-form';
import { OrderPage, OrderPageHeader, WithOrderContext } from './order-parts';
import { SellForm } from './sell-form';
import { TransferForm } from './transfer-form';

const TAB_IDS = ['buy', 'sell', 'transfer'] as const;
type TabId = (typeof TAB_IDS)[number];

const isTab = (value: string | null): value is TabId => (TAB_IDS as readonly (string | null)[]).includes(value);

/**
 * /dashboard/transaction: Buy, Sell and Transfer as tabs (arrow keys move between them). The first
 * tab shown is chosen with ?tab=buy|sell|transfer (Buy otherwise); a link with another ?tab
 * switches to it. Choosing a tab does not navigate, so focus stays on the tab.
 */
export function TransactionPage() {
  const param = useQueryParam('tab');
  const fromAddress: TabId = isTab(param) ? param : 'buy';
  const [choice, setChoice] = useState<{ param: string | null; tab: TabId }>({ param, tab: fromAddress });
  if (choice.param !== param) setChoice({ param, tab: fromAddress });

  return (
    <OrderPage>
      <OrderPageHeader title="Buy, sell or transfer Units" lead="Choose what to do, check the figures, then confirm. Prices are today's and change at 00:00 UTC." />
      <WithOrderContext>
        {(context) => (
          <Tabs
            label="Order type"
            selectedId={choice.tab}
            onSelect={(id) => {
              if (isTab(id)) setChoice({ param, tab: id });
            }}
            tabs={[
              { id: 'buy', label: 'Buy', panel: <BuyForm context={context} /> },
              { id: 'sell', label: 'Sell', panel: <SellForm context={context} /> },
              { id: 'transfer', label: 'Transfer', panel: <TransferForm context={context} /> },
            ]}
          />
        )}
      </WithOrderContext>
    </OrderPage>
  );
}
