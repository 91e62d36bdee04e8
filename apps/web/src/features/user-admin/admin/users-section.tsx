import { formatDay } from '@landunits/domain';

import { ACCOUNT_STATUS_LABELS, ACCOUNT_STATUSES } from '@landunits/domain/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useFilterForm } from '../../../shared/lib/use-form';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { TextField } from '../../../shared/ui/text-field';
import { AccountBadges, VerificationText } from './user-badges';
import { searchFromQuery, searchHref, userHref, usersApi, usersSearchKey, USERS_PAGE_SIZE, type AdminUserItem, type AdminUserSort, type UserSearchState } from './users-api';
import { CardList } from '../../../shared/ui/card-list';
import * as styles from './users.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const STATUS_OPTIONS = [{ value: '', label: 'All accounts' }, ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: ACCOUNT_STATUS_LABELS[s] }))];
const SORT_NAMES: Record<AdminUserSort, string> = { createdAt: 'Joined', name: 'Name', email: 'Email' };
const joined = (user: AdminUserItem) => formatDay(user.createdAt);

/** A column header that sorts the results on the server: once ascending (newest first for Joined), again to turn it round. */
function SortHeader({ sort, search, onSort }: { sort: AdminUserSort; search: UserSearchState; onSort: (sort: AdminUserSort) => void }) {
  const active = search.sort === sort;
  const arrow = active ? (search.direction === 'asc' ? '↑' : '↓') : '↕';
  return (
    <button type="button" className={styles.usersSort} onClick={() => onSort(sort)}>
      {SORT_NAMES[sort]}
      <span aria-hidden="true"> {arrow}</span>
      <span className="visually-hidden">{active ? ', sorted' : ', sort by this'}</span>
    </button>
  );
}

function Person({ user }: { user: AdminUserItem }) {
  return (
    <span className={styles.usersPerson}>
      <Link to={userHref(user.id)}>{user.name || '(no name)'}</Link>
      {user.businessName ? <span className={styles.usersMuted}>{user.businessName}</span> : null}
      {user.matchedOrderId ? <span className={styles.usersMuted}>Placed order {user.matchedOrderId}</span> : null}
    </span>
  );
}

function columns(search: UserSearchState, onSort: (sort: AdminUserSort) => void): Column<AdminUserItem>[] {
  const sortOf = (sort: AdminUserSort) => (search.sort === sort ? (search.direction === 'asc' ? 'ascending' : 'descending') : 'none');
  return [
    { key: 'name', header: <SortHeader sort="name" search={search} onSort={onSort} />, sort: sortOf('name'), rowHeader: true, cell: (u) => <Person user={u} /> },
    { key: 'email', header: <SortHeader sort="email" search={search} onSort={onSort} />, sort: sortOf('email'), cell: (u) => <span className={styles.usersEmail}>{u.email}</span> },
    { key: 'account', header: 'Account', cell: (u) => <AccountBadges status={u.status} adminRole={u.adminRole} /> },
    { key: 'verification', header: 'Verification', cell: (u) => <VerificationText profile={u.profileVerificationStatus} bank={u.bankVerificationStatus} /> },
    { key: 'joined', header: <SortHeader sort="createdAt" search={search} onSort={onSort} />, sort: sortOf('createdAt'), cell: joined },
  ];
}

function ResultCards({ users }: { users: readonly AdminUserItem[] }) {
  return (
    <CardList className={styles.usersCards} aria-label="People found">
      {users.map((u) => (
        <li key={u.id} className={styles.usersCard}>
          <Person user={u} />
          <span className={styles.usersEmail}>{u.email}</span>
          <AccountBadges status={u.status} adminRole={u.adminRole} />
          <VerificationText profile={u.profileVerificationStatus} bank={u.bankVerificationStatus} />
          <span className={styles.usersMuted}>Joined {joined(u)}</span>
        </li>
      ))}
    </CardList>
  );
}

/**
 * /admin/users: find a person by email, name, business name or order id. The search, status
 * filter, sort and page live in the address and are done by the server; below 768 px the results
 * are cards. Emails are masked for roles that may not act on accounts.
 */
export function UsersSection() {
  const navigate = useNavigate();
  const search = searchFromQuery(useLocation().search);
  const compact = useMediaQuery(MOBILE_QUERY);
  const go = (next: UserSearchState) => void navigate(searchHref(next));
  const form = useFilterForm({ q: search.q, status: search.status }, ({ q, status }) => go({ ...search, q, status: status as UserSearchState['status'], page: 1 }));
  const results = useQuery({
    queryKey: usersSearchKey(search),
    queryFn: ({ signal }) => usersApi.search(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const onSort = (sort: AdminUserSort) => {
    const direction = search.sort === sort ? (search.direction === 'asc' ? 'desc' : 'asc') : sort === 'createdAt' ? 'desc' : 'asc';
    go({ ...search, sort, direction, page: 1 });
  };

  let body: ReactNode;
  if (results.isPending) {
    body = (
      <div className={adminStyles.adminSkeleton} role="status">
        <span className="visually-hidden">Searching…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="3rem" />
        ))}
      </div>
    );
  } else if (results.isError) {
    body = <ErrorState headingLevel={3} title="The search could not be done" message={errorMessage(results.error)} onRetry={() => void results.refetch()} retrying={results.isFetching} />;
  } else if (results.data.users.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title="Nobody matches"
        message={search.q ? 'Check the spelling, or search by the beginning of an email, a name, a business name or an order id.' : 'No accounts have this status.'}
      />
    );
  } else {
    const { users, total, page, masked } = results.data;
    body = (
      <>
        {masked ? <p className={styles.usersNote}>Email addresses are masked for your role; open a person to reveal their details with a reason.</p> : null}
        {compact ? (
          <ResultCards users={users} />
        ) : (
          <Table caption="People found" hideCaption className={styles.usersTable} scrollClassName={styles.usersScroll} columns={columns(search, onSort)} rows={users} rowKey={(u) => u.id} />
        )}
        <Pager label="Result pages" page={page} pageSize={USERS_PAGE_SIZE} total={total} onPage={(p) => go({ ...search, page: p })} />
      </>
    );
  }

  return (
    <section className={styles.users} aria-labelledby="users-title" aria-busy={results.isFetching || undefined}>
      <h2 id="users-title" className={adminStyles.adminOrdersTitle}>
        Users {results.data ? <span className={adminStyles.adminOrdersCount}>({results.data.total})</span> : null}
      </h2>
      <form {...form.formProps} className={styles.usersSearch} role="search" aria-label="Find a person">
        <TextField {...form.field('q')} className={styles.usersField} label="Email, name, business or order id" type="search" maxLength={200} spellCheck={false} autoCapitalize="none" />
        <Select {...form.field('status')} className={styles.usersField} label="Account status" options={STATUS_OPTIONS} />
        <Button type="submit">Search</Button>
      </form>
      {compact ? (
        <Select
          label="Sort by"
          value={`${search.sort}:${search.direction}`}
          onChange={(e) => {
            const [sort, direction] = e.target.value.split(':') as [AdminUserSort, 'asc' | 'desc'];
            go({ ...search, sort, direction, page: 1 });
          }}
          options={[
            { value: 'createdAt:desc', label: 'Newest first' },
            { value: 'createdAt:asc', label: 'Oldest first' },
            { value: 'name:asc', label: 'Name A–Z' },
            { value: 'name:desc', label: 'Name Z–A' },
            { value: 'email:asc', label: 'Email A–Z' },
            { value: 'email:desc', label: 'Email Z–A' },
          ]}
        />
      ) : null}
      {body}
    </section>
  );
}
