import { CONTENT_MESSAGES, NEWS_LIMITS, type NewsInput } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { CONTENT_ROOT, contentApi, contentKeys, type AdminCategory, type AdminNewsItem } from './content-api';
import { ImageUploadField } from '../../../shared/ui/image-upload-field';
import { EMPTY_NEWS_FORM, newsFormFrom, newsFormSchema, type NewsFieldName } from './news-form-values';
import { NewsPreview } from './news-preview';
import { fieldClassName } from '../../../shared/ui/field-parts';
import * as styles from './content.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

interface EditorProps {
  item: AdminNewsItem | null;
  categories: readonly AdminCategory[];
  backTo: string;
  onSaved: () => void;
}

function Editor({ item, categories, backTo, onSaved }: EditorProps) {
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The picture on show: the one just uploaded, else the article's own.
  const [image, setImage] = useState<string | null>(item?.image ?? null);
  const keepsIllustration = Boolean(item && !item.imageId);

  const save = async (data: NewsInput, { showServerErrors }: SubmitHelpers) => {
    setFailure(null);
    try {
      const saved = item ? await contentApi.updateNews(item.id, data) : await contentApi.createNews(data);
      const words = saved.item.state === 'draft' ? 'saved as a draft' : saved.item.state === 'scheduled' ? 'scheduled' : 'published';
      showToast(`“${saved.item.title}” ${words}.`, 'success');
      await client.invalidateQueries({ queryKey: CONTENT_ROOT });
      onSaved();
    } catch (error) {
      const others = isApiError(error) ? showServerErrors(error.errors) : [];
      const fieldsShown = isApiError(error) && Object.keys(error.errors).length > others.length;
      if (others.length) setFailure(others.join(' '));
      else if (!fieldsShown) setFailure(errorMessage(error));
    }
  };

  const form = useForm<NewsFieldName, NewsInput>(newsFormSchema(keepsIllustration), item ? newsFormFrom(item) : EMPTY_NEWS_FORM, save);
  const set = (name: NewsFieldName, value: string) => {
    form.field(name).onChange({ target: { value } } as ChangeEvent<HTMLInputElement>);
    form.field(name).onBlur();
  };
  const { values } = form;
  const category = categories.find((c) => String(c.id) === values.categoryId);

  return (
    <div className={styles.newsEditor}>
      <form {...form.formProps} className={styles.newsEditorForm} aria-labelledby="news-editor-title">
        <h2 id="news-editor-title" className={adminStyles.adminOrdersTitle}>
          {item ? `Edit “${item.title}”` : 'New article'}
        </h2>
        <TextField {...form.field('title')} label="Title" maxLength={NEWS_LIMITS.title + 10} />
        <Select
          {...form.field('categoryId')}
          onChange={(event) => set('categoryId', event.currentTarget.value)}
          label="Category"
          options={[{ value: '', label: 'Select a category' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
        />
        <TextArea
          {...form.field('description')}
          onChange={(e) => set('description', e.currentTarget.value)}
          label="Summary"
          hint="Shown on the card of /news."
          rows={3}
          maxChars={NEWS_LIMITS.description}
        />
        <TextArea
          {...form.field('body')}
          onChange={(e) => set('body', e.currentTarget.value)}
          label="Article"
          hint="Plain text. Leave a blank line between paragraphs. Optional when “Read more” links elsewhere."
          rows={10}
          maxChars={NEWS_LIMITS.body}
        />
        <ImageUploadField
          label="Image"
          current={image}
          error={form.field('imageId').error}
          onUploaded={(uploaded) => {
            set('imageId', uploaded.id);
            setImage(uploaded.url);
          }}
        />
        <TextField {...form.field('imageAlt')} label="Image description (alt text)" hint="What the picture shows, for people who cannot see it." maxLength={NEWS_LIMITS.imageAlt + 10} />
        <TextField
          {...form.field('link')}
          label="“Read more” link (optional)"
          hint="A page of this site (/statistics) or an https:// address. Used when there is no article text."
          spellCheck={false}
        />
        <fieldset className={styles.newsEditorStatus}>
          <legend className={fieldClassName('label')}>Status</legend>
          {(['draft', 'published'] as const).map((status) => (
            <label key={status} className={styles.contentChoice}>
              <input type="radio" name="status" value={status} checked={values.status === status} onChange={() => set('status', status)} />
              <span className={styles.contentChoiceLabel}>{status === 'draft' ? 'Draft: not on the site' : 'Published: on the site from its date'}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          {...form.field('publishedAt')}
          type="datetime-local"
          label="Publish date and time, UTC (optional)"
          hint="Empty: the moment it is published. A time still to come keeps it off the site until then."
        />
        <FormAlert>{failure}</FormAlert>
        <div className={styles.newsEditorActions}>
          <Button type="submit" loading={form.submitting}>
            Save article
          </Button>
          <Link to={backTo} className={buttonClassName('ghost')}>
            Cancel
          </Link>
        </div>
      </form>
      <NewsPreview values={values} image={image} categoryName={category?.name} />
    </div>
  );
}

/**
 * /admin/news?edit=new or ?edit={id}: the article editor beside its preview. Saving returns to
 * the list (`backTo`, with its filters). Each save is one change with one audit row.
 */
export function NewsEditor({ id, backTo, onSaved }: { id: number | null; backTo: string; onSaved: () => void }) {
  const categories = useQuery({ queryKey: contentKeys.allCategories(), queryFn: ({ signal }) => contentApi.allCategories(signal), meta: { silent: true } });
  const item = useQuery({
    queryKey: contentKeys.newsItem(id ?? 0),
    queryFn: ({ signal }) => contentApi.getNews(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    meta: { silent: true },
  });
  if (categories.isPending || (id !== null && item.isPending)) {
    return (
      <div role="status">
        <span className="visually-hidden">Loading the editor…</span>
        <Skeleton height="24rem" />
      </div>
    );
  }
  const failed = categories.error ?? item.error;
  if (failed) {
    const missing = isApiError(failed) && failed.status === 404;
    return (
      <ErrorState
        title={missing ? CONTENT_MESSAGES.newsNotFound : 'The editor could not be loaded'}
        message={missing ? 'It may have been deleted.' : errorMessage(failed)}
        onRetry={missing ? undefined : () => void Promise.all([categories.refetch(), item.refetch()])}
        retrying={categories.isFetching || item.isFetching}
      />
    );
  }
  return <Editor key={id ?? 'new'} item={item.data?.item ?? null} categories={categories.data?.categories ?? []} backTo={backTo} onSaved={onSaved} />;
}
