import { NewsInputSchema, type AdminNewsItem, type NewsInput } from '@landunits/domain/contracts';
import type { FormSchema } from '../../../shared/lib/use-form';

/**
 * The article editor's text values and how they become a NewsInputSchema input. The fields carry
 * the schema's names, so its messages (and the server's) land at the right field. The publish
 * date is typed as a local date and time read as UTC, like every date of the product.
 */

export type NewsFieldName = 'title' | 'categoryId' | 'description' | 'body' | 'imageId' | 'imageAlt' | 'link' | 'status' | 'publishedAt';
export type NewsFormValues = Readonly<Record<NewsFieldName, string>>;

export const EMPTY_NEWS_FORM: NewsFormValues = {
  title: '',
  categoryId: '',
  description: '',
  body: '',
  imageId: '',
  imageAlt: '',
  link: '',
  status: 'draft',
  publishedAt: '',
};

/** An article's values in the editor; a demo illustration has no image id (it is kept as it is). */
export function newsFormFrom(item: AdminNewsItem): NewsFormValues {
  return {
    title: item.title,
    categoryId: String(item.category.id),
    description: item.description,
    body: item.body,
    imageId: item.imageId ?? '',
    imageAlt: item.imageAlt,
    link: item.link ?? '',
    status: item.status,
    // 2026-05-04T09:00:00.000Z → 2026-05-04T09:00 (a datetime-local value, in UTC).
    publishedAt: item.publishedAt ? item.publishedAt.slice(0, 16) : '',
  };
}

/**
 * What the form sends. `keepsIllustration`: the article shows a demo illustration, which an empty
 * image id keeps; otherwise an empty image id is the "upload an image" message.
 */
export function toNewsInput(values: NewsFormValues, keepsIllustration: boolean): Record<string, unknown> {
  return {
    title: values.title,
    description: values.description,
    body: values.body,
    categoryId: /^\d+$/.test(values.categoryId) ? Number(values.categoryId) : undefined,
    imageId: values.imageId || (keepsIllustration ? null : ''),
    imageAlt: values.imageAlt,
    link: values.link,
    status: values.status,
    publishedAt: values.publishedAt ? `${values.publishedAt.slice(0, 16)}:00Z` : null,
  };
}

/** The shared schema, read through the form's values. */
export function newsFormSchema(keepsIllustration: boolean): FormSchema<NewsInput> {
  return { safeParse: (values: unknown) => NewsInputSchema.safeParse(toNewsInput(values as NewsFormValues, keepsIllustration)) };
}
