import { formatDay } from '@landunits/domain';
import type { AdminChatDetail } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { adminChatApi, CHAT_KEYS } from '../chat-api';
import { fieldClassName } from '../../../shared/ui/field-parts';
import * as chatStyles from '../chat.module.css';

/** Inserts a canned reply's text into the composer (the agent can still edit it before sending). */
export function CannedPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const canned = useQuery({ queryKey: CHAT_KEYS.canned, queryFn: () => adminChatApi.canned(), staleTime: 60_000 });
  const [chosen, setChosen] = useState('');
  const id = useId();
  const replies = canned.data?.replies ?? [];
  if (replies.length === 0) return null;
  const insert = () => {
    const reply = replies.find((r) => String(r.id) === chosen);
    if (reply) onInsert(reply.body);
  };
  return (
    <div className={chatStyles.chatCanned}>
      <label htmlFor={id}>Canned reply</label>
      <select id={id} className={fieldClassName('control')} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">Choose a reply…</option>
        {replies.map((r) => (
          <option key={r.id} value={r.id}>
            {r.title}
          </option>
        ))}
      </select>
      <Button size="sm" variant="secondary" disabled={!chosen} onClick={insert}>
        Insert
      </Button>
    </div>
  );
}

/** The side panel: a signed-in customer's verification and recent orders; a visitor has none. */
export function CustomerPanel({ detail }: { detail: AdminChatDetail }) {
  const customer = detail.customer;
  return (
    <aside className={chatStyles.chatCustomer} aria-label="Customer">
      <h3>Customer</h3>
      {customer ? (
        <>
          <dl className={chatStyles.chatCustomerFacts}>
            <dt>Profile verification</dt>
            <dd>{customer.verificationStatus.profile}</dd>
            <dt>Bank verification</dt>
            <dd>{customer.verificationStatus.bank}</dd>
          </dl>
          <h4>Recent orders</h4>
          {customer.recentOrders.length ? (
            <ul className={chatStyles.chatCustomerOrders}>
              {customer.recentOrders.map((o) => (
                <li key={o.id}>
                  {o.type} · {o.amount} · {o.status} · {formatDay(o.date)}
                </li>
              ))}
            </ul>
          ) : (
            <p>No orders yet.</p>
          )}
          <Link to={`/admin/users/${customer.userId}`}>Open the user’s account</Link>
        </>
      ) : (
        <p>A visitor without an account: only the name and email they gave.</p>
      )}
    </aside>
  );
}
