import { formatUnits } from '@landunits/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { useFilterForm } from '../../../shared/lib/use-form';
import { errorMessage } from '../../../shared/api/api-error';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { CONTENT_ROOT, contentApi, contentKeys, NEWS_PAGE_SIZE, type AdminNewsItem, type NewsListParams } from './content-api';
import { ConfirmDialog, type ConfirmTarget } from '../../../shared/admin/confirm-dialog';
import { ariaSort, SortButton, StateBadge } from './content-parts';
import { NewsActions, NewsCards, NewsTitle, When, type NewsActionsProps } from './news-list-parts';
import { NewsEditor } from './news-editor';
import * as styles from './content.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const STATES = ['', 'draft', 'scheduled', 'published'] as const;
const SORTS = ['publishedAt', 'updatedAt', 'title', 'category'] as const;
/** Below 992 px the cards have no headers to press: the order is chosen here. */
const SORT_OPTIONS = [
  { value: 'publishedAt desc', label: 'Newest publish date first' },
  { value: 'publishedAt asc', label: 'Oldest publish date first' },
  { value: 'updatedAt desc', label: 'Last changed first' },
  { value: 'title asc', label: 'Title, A to Z' },
  { value: 'title desc', label: 'Title, Z to A' },
  { value: 'category asc', label: 'Category, A to Z' },
];

/** The list's filters, sort and page from the address, so Back and a shared link keep them. */
function paramsFrom(search: URLSearchParams): NewsListParams {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
  const page = Number(search.get('page'));
  return {
    state: pick(search.get('state'), STATES, ''),
    category: /^\d{1,10}$/.test(search.get('category') ?? '') ? (search.get('category') as string) : '',
    q: (search.get('q') ?? '').slice(0, 100),
    sort: pick(search.get('sort'), SORTS, 'publishedAt'),
    dir: search.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function searchOf(params: NewsListParams): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '' && !(key === 'page' && value === 1)) q.set(key, String(value));
  return q.toString();
}

/** /admin/news: every article, drafts included, filtered, sorted and paged on the server; or the editor. */
export function AdminNewsSection() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const params = paramsFrom(search);
  const edit = search.get('edit');
  const [confirm, setConfirm] = useState<ConfirmTarget | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const compact = useMediaQuery(COMPACT_QUERY);
  const listHref = `/admin/news${searchOf(params) ? `?${searchOf(params)}` : ''}`;
  const go = (next: Partial<NewsListParams>) => setSearch(searchOf({ ...params, page: 1, ...next }));
  const filters = useFilterForm({ q: params.q, state: params.state, category: params.category }, (values) =>
    go({ q: values.q, state: values.state as NewsListParams['state'], category: values.category }),
  );

  const categories = useQuery({ queryKey: contentKeys.allCategories(), queryFn: ({ signal }) => contentApi.allCategories(signal), meta: { silent: true } });
  const news = useQuery({
    queryKey: contentKeys.news(params),
    queryFn: ({ signal }) => contentApi.listNews(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: edit === null,
    meta: { silent: true },
  });

  if (edit !== null) {
    const id = /^\d{1,15}$/.test(edit) ? Number(edit) : null;
    return <NewsEditor id={id} backTo={listHref} onSaved={() => void navigate(listHref)} />;
  }

  const act = async (item: AdminNewsItem, action: 'publish' | 'unpublish') => {
    setBusy(item.id);
    try {
      const { item: saved } = action === 'publish' ? await contentApi.publishNews(item.id) : await contentApi.unpublishNews(item.id);
      showToast(action === 'publish' ? `“${saved.title}” ${saved.state === 'scheduled' ? 'is scheduled' : 'is on the site'}.` : `“${saved.title}” is off the site.`, 'success');
      await client.invalidateQueries({ queryKey: CONTENT_ROOT });
    } catch (error) {
      showToast(errorMessage(error), 'error');
    } finally {
      setBusy(null);
    }
  };
  const askDelete = (item: AdminNewsItem) =>
    setConfirm({
      title: `Delete “${item.title}”?`,
      message: 'It leaves the site and the list for good. To take it off the site for a while, unpublish it instead.',
      label: 'Delete article',
      run: async () => {
        await contentApi.deleteNews(item.id);
        showToast(`“${item.title}” deleted.`, 'success');
        await client.invalidateQueries({ queryKey: CONTENT_ROOT });
      },
    });

  const sortable = (key: NewsListParams['sort'], label: string) => ({
    header: <SortButton column={key} label={label} sort={params.sort} dir={params.dir} onSort={(sort, dir) => go({ sort, dir, page: params.page })} />,
    sort: ariaSort(params.sort === key, params.dir),
  });
  const actions = (item: AdminNewsItem): NewsActionsProps => ({
    item,
    editHref: `/admin/news?${new URLSearchParams({ ...Object.fromEntries(search), edit: String(item.id) }).toString()}`,
    busy: busy === item.id,
    onToggle: (target) => void act(target, target.status === 'draft' ? 'publish' : 'unpublish'),
    onDelete: askDelete,
  });
  const columns: Column<AdminNewsItem>[] = [
    { key: 'title', ...sortable('title', 'Title'), rowHeader: true, cell: (item) => <NewsTitle item={item} /> },
    { key: 'category', ...sortable('category', 'Category'), cell: (item) => item.category.name },
    { key: 'state', header: 'State', cell: (item) => <StateBadge state={item.state} /> },
    { key: 'publishedAt', ...sortable('publishedAt', 'Published (UTC)'), cell: (item) => <When iso={item.publishedAt} /> },
    { key: 'updatedAt', ...sortable('updatedAt', 'Last change'), cell: (item) => <When iso={item.updatedAt} /> },
    { key: 'actions', header: 'Actions', cell: (item) => <NewsActions {...actions(item)} /> },
  ];

  let body: ReactNode;
  if (news.isPending) body = <Skeleton height="12rem" />;
  else if (news.isError) body = <ErrorState title="The news could not be loaded" message={errorMessage(news.error)} onRetry={() => void news.refetch()} retrying={news.isFetching} />;
  else if (news.data.items.length === 0)
    body = (
      <EmptyState
        headingLevel={3}
        title={news.data.total === 0 && !params.q && !params.state && !params.category ? 'No articles yet' : 'No articles match'}
        message="Write one, or change the filters."
      />
    );
  else
    body = (
      <>
        {compact ? (
          <NewsCards items={news.data.items} actions={actions} />
        ) : (
          <Table
            caption="News articles"
            hideCaption
            className={styles.contentSectionTable}
            scrollClassName={styles.contentSectionScroll}
            columns={columns}
            rows={news.data.items}
            rowKey={(item) => item.id}
          />
        )}
        <Pager label="News pages" page={news.data.page} pageSize={news.data.pageSize ?? NEWS_PAGE_SIZE} total={news.data.total} onPage={(page) => setSearch(searchOf({ ...params, page }))} />
      </>
    );

  const categoryOptions = [{ value: '', label: 'All categories' }, ...(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))];
  return (
    <section className={styles.contentSection} aria-labelledby="admin-news-title" aria-busy={news.isFetching || undefined}>
      <div className={styles.contentSectionHead}>
        <h2 id="admin-news-title" className={adminStyles.adminOrdersTitle}>
          News articles {news.data ? <span className={adminStyles.adminOrdersCount}>({formatUnits(news.data.total)})</span> : null}
        </h2>
        <Link to={`/admin/news?${new URLSearchParams({ ...Object.fromEntries(search), edit: 'new' }).toString()}`} className={buttonClassName('primary')}>
          Write an article
        </Link>
      </div>
      <form {...filters.formProps} className={styles.contentFilters} aria-label="News filters">
        <TextField {...filters.field('q')} label="Search titles and summaries" type="search" maxLength={100} />
        <Select
          {...filters.field('state')}
          label="State"
          options={[
            { value: '', label: 'Every state' },
            { value: 'draft', label: 'Drafts' },
            { value: 'scheduled', label: 'Scheduled' },
            { value: 'published', label: 'Published' },
          ]}
        />
        <Select {...filters.field('category')} label="Category" options={categoryOptions} />
        {compact ? (
          <Select
            label="Sort by"
            value={`${params.sort} ${params.dir}`}
            onChange={(e) => {
              const [sort, dir] = e.currentTarget.value.split(' ') as [NewsListParams['sort'], NewsListParams['dir']];
              go({ sort, dir });
            }}
            options={SORT_OPTIONS}
          />
        ) : null}
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      {body}
      <ConfirmDialog target={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
