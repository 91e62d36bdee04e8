import { bodyParagraphs, formatDate } from '@landunits/domain';
import type { NewsFormValues } from './news-form-values';

export interface NewsPreviewProps {
  values: NewsFormValues;
  /** The picture's address (just uploaded, already in use, or none yet). */
  image: string | null;
  categoryName: string | undefined;
}

/**
 * The article as readers will see it, drawn from what is typed: the card of /news and the
 * article's page below it. The body is plain text split into paragraphs, as the site shows it.
 */
export function NewsPreview({ values, image, categoryName }: NewsPreviewProps) {
  const date = values.publishedAt ? formatDate(`${values.publishedAt}:00Z`, 'DD MMM YYYY') : 'When published';
  const paragraphs = bodyParagraphs(values.body);
  return (
    <section className="news-preview" aria-labelledby="news-preview-title">
      <h3 id="news-preview-title" className="news-preview__heading">
        Preview
      </h3>
      <div className="news-preview__card">
        {image ? <img className="news-preview__image" src={image} alt={values.imageAlt} /> : <div className="news-preview__image news-preview__image--empty">No image yet</div>}
        <p className="news-preview__title">{values.title || 'Title'}</p>
        <p className="news-preview__meta">
          {date} · {categoryName ?? 'Category'}
        </p>
        <p className="news-preview__desc">{values.description || 'The summary shown on the card.'}</p>
      </div>
      {paragraphs.length ? (
        <div className="news-preview__body">
          {paragraphs.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p className="muted">{values.link ? `“Read more” leads to ${values.link}.` : 'Write the article, or give a link for “Read more”.'}</p>
      )}
    </section>
  );
}
