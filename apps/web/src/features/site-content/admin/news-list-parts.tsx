import { formatDay, formatDateTime } from '@landunits/domain';

import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import { StatusBadge } from '../../../shared/ui/status-badge';
import type { AdminNewsItem } from './content-api';
import { StateBadge } from './content-parts';
import * as styles from './content.module.css';

/** The news list's pieces shared by its table (from 992 px) and its cards (below). */

export const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** A date above its time (UTC), so the table's date columns stay narrow. */
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>;
  return (
    <span className={styles.contentWhen}>
      <span>{formatDay(iso)}</span> <span className="muted">{iso.slice(11, 16)}</span>
    </span>
  );
}

export interface NewsActionsProps {
  item: AdminNewsItem;
  editHref: string;
  busy: boolean;
  onToggle: (item: AdminNewsItem) => void;
  onDelete: (item: AdminNewsItem) => void;
}

/** Edit, Publish or Unpublish, Delete: each names its article for screen readers. */
export function NewsActions({ item, editHref, busy, onToggle, onDelete }: NewsActionsProps) {
  return (
    <span className={styles.contentActions}>
      <Link className={buttonClassName('secondary', 'sm')} to={editHref}>
        Edit<span className="visually-hidden"> {item.title}</span>
      </Link>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => onToggle(item)}>
        {item.status === 'draft' ? 'Publish' : 'Unpublish'}
        <span className="visually-hidden"> {item.title}</span>
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onDelete(item)}>
        Delete<span className="visually-hidden"> {item.title}</span>
      </Button>
    </span>
  );
}

export function NewsTitle({ item }: { item: AdminNewsItem }) {
  return (
    <span className={styles.newsRowTitle}>
      {item.title}
      {item.isDemo ? <StatusBadge label="Demo" tone="warning" /> : null}
    </span>
  );
}

/** Below 992 px: one card per article, its facts two to a row, its actions underneath. */
export function NewsCards({ items, actions }: { items: readonly AdminNewsItem[]; actions: (item: AdminNewsItem) => NewsActionsProps }) {
  return (
    <CardList aria-label="News articles">
      {items.map((item) => (
        <li key={item.id}>
          <Card aria-labelledby={`news-${item.id}`}>
            <CardHead>
              <CardTitle id={`news-${item.id}`}>
                <NewsTitle item={item} />
              </CardTitle>
              <StateBadge state={item.state} />
            </CardHead>
            <CardFacts>
              <CardFact term="Category">{item.category.name}</CardFact>
              <CardFact term="Publish date (UTC)">{when(item.publishedAt)}</CardFact>
              <CardFact term="Last change">{when(item.updatedAt)}</CardFact>
            </CardFacts>
            <NewsActions {...actions(item)} />
          </Card>
        </li>
      ))}
    </CardList>
  );
}
