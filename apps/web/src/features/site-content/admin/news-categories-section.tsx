import { formatUnits } from '@landunits/domain';
import { CATEGORY_LIMITS, CategoryInputSchema, CONTENT_MESSAGES, slugFrom, type CategoryInput } from '@landunits/domain/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { CATEGORIES_PAGE_SIZE, CONTENT_ROOT, contentApi, contentKeys, type AdminCategory, type CategoryListParams } from './content-api';
import { ConfirmDialog, type ConfirmTarget } from '../../../shared/admin/confirm-dialog';
import { ariaSort, SortButton } from './content-parts';
import * as styles from './content.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

type CategoryField = 'name' | 'slug';

/** Add or change a category; the slug follows the name until the admin types one of their own. */
function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone: () => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [slugTyped, setSlugTyped] = useState(category !== null);
  const nameRef = useRef<HTMLInputElement>(null);
  // "Change" brings the keyboard to the form it filled.
  useEffect(() => {
    if (category) nameRef.current?.focus();
  }, [category]);
  const save = async (data: CategoryInput, { showServerErrors }: SubmitHelpers) => {
    setFailure(null);
    try {
      const saved = category ? await contentApi.updateCategory(category.id, data) : await contentApi.createCategory(data);
      showToast(`Category “${saved.category.name}” saved.`, 'success');
      await client.invalidateQueries({ queryKey: CONTENT_ROOT });
      onDone();
    } catch (error) {
      const others = isApiError(error) ? showServerErrors(error.errors) : [];
      if (others.length) setFailure(others.join(' '));
      else if (!isApiError(error) || Object.keys(error.errors).length === 0) setFailure(errorMessage(error));
    }
  };
  const form = useForm<CategoryField, CategoryInput>(CategoryInputSchema, { name: category?.name ?? '', slug: category?.slug ?? '' }, save);
  const name = form.field('name');
  const slug = form.field('slug');
  const onName = (event: ChangeEvent<HTMLInputElement>) => {
    name.onChange(event);
    if (!slugTyped) slug.onChange({ target: { value: slugFrom(event.target.value) } } as ChangeEvent<HTMLInputElement>);
  };
  return (
    <form {...form.formProps} className={styles.contentForm} aria-labelledby="category-form-title">
      <h3 id="category-form-title" className={styles.contentFormTitle}>
        {category ? `Change “${category.name}”` : 'New category'}
      </h3>
      <TextField {...name} ref={nameRef} onChange={onName} label="Name" maxLength={CATEGORY_LIMITS.name + 10} />
      <TextField
        {...slug}
        onChange={(event) => {
          setSlugTyped(true);
          slug.onChange(event);
        }}
        label="Slug"
        hint={`The address of its page: /news/category/${form.values.slug || 'slug'}. ${CONTENT_MESSAGES.slugFormat}.`}
        spellCheck={false}
        autoCapitalize="none"
        maxLength={CATEGORY_LIMITS.slug + 10}
      />
      <FormAlert>{failure}</FormAlert>
      <div className={styles.newsEditorActions}>
        <Button type="submit" loading={form.submitting}>
          {category ? 'Save category' : 'Add category'}
        </Button>
        {category ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const FIRST: CategoryListParams = { q: '', sort: 'position', dir: 'asc', page: 1 };

/** /admin/news/categories: the categories with their article counts, and the form to add or change one. */
export function AdminNewsCategoriesSection() {
  const client = useQueryClient();
  const [params, setParams] = useState<CategoryListParams>(FIRST);
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [confirm, setConfirm] = useState<ConfirmTarget | null>(null);
  const list = useQuery({
    queryKey: contentKeys.categories(params),
    queryFn: ({ signal }) => contentApi.listCategories(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

  const sortable = (key: CategoryListParams['sort'], label: string) => ({
    header: <SortButton column={key} label={label} sort={params.sort} dir={params.dir} onSort={(sort, dir) => setParams({ ...params, sort, dir })} />,
    sort: ariaSort(params.sort === key, params.dir),
  });
  const askDelete = (category: AdminCategory) =>
    setConfirm({
      title: `Delete the category “${category.name}”?`,
      message: `Its page /news/category/${category.slug} will no longer exist. A category with articles cannot be deleted.`,
      label: 'Delete category',
      run: async () => {
        await contentApi.deleteCategory(category.id);
        showToast(`Category “${category.name}” deleted.`, 'success');
        await client.invalidateQueries({ queryKey: CONTENT_ROOT });
      },
    });
  const columns: Column<AdminCategory>[] = [
    { key: 'name', ...sortable('name', 'Name'), rowHeader: true, cell: (c) => c.name },
    { key: 'slug', ...sortable('slug', 'Slug'), cell: (c) => <a href={`/news/category/${encodeURIComponent(c.slug)}`}>{c.slug}</a> },
    { key: 'items', ...sortable('items', 'Articles'), numeric: true, cell: (c) => formatUnits(c.items) },
    { key: 'position', ...sortable('position', 'Order'), numeric: true, cell: (c) => formatUnits(c.position) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (c) => (
        <span className={styles.contentActions}>
          <Button size="sm" variant="secondary" onClick={() => setEditing(c)}>
            Edit<span className="visually-hidden"> {c.name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => askDelete(c)}>
            Delete<span className="visually-hidden"> {c.name}</span>
          </Button>
        </span>
      ),
    },
  ];

  let body: ReactNode;
  if (list.isPending) body = <Skeleton height="10rem" />;
  else if (list.isError) body = <ErrorState title="The categories could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.categories.length === 0) body = <EmptyState headingLevel={3} title={params.q ? 'No categories match' : 'No categories yet'} message="Add one with the form." />;
  else
    body = (
      <>
        <Table
          caption="News categories"
          hideCaption
          className={styles.contentSectionTable}
          scrollClassName={styles.contentSectionScroll}
          columns={columns}
          rows={list.data.categories}
          rowKey={(c) => c.id}
        />
        <Pager label="Category pages" page={list.data.page} pageSize={list.data.pageSize ?? CATEGORIES_PAGE_SIZE} total={list.data.total} onPage={(page) => setParams({ ...params, page })} />
      </>
    );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ ...params, q, page: 1 });
  };
  return (
    <div className={styles.contentColumns}>
      <section className={styles.contentSection} aria-labelledby="admin-categories-title" aria-busy={list.isFetching || undefined}>
        <h2 id="admin-categories-title" className={adminStyles.adminOrdersTitle}>
          News categories {list.data ? <span className={adminStyles.adminOrdersCount}>({formatUnits(list.data.total)})</span> : null}
        </h2>
        <form className={styles.contentFilters} aria-label="Category filters" onSubmit={search}>
          <TextField label="Search names and slugs" type="search" value={q} maxLength={100} onChange={(e) => setQ(e.currentTarget.value)} />
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </form>
        {body}
      </section>
      <CategoryForm
        key={editing ? `edit-${editing.id}` : `new-${formKey}`}
        category={editing}
        onDone={() => {
          setEditing(null);
          setFormKey((n) => n + 1);
        }}
      />
      <ConfirmDialog target={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
