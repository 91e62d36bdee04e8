import { bodyParagraphs, formatDay } from '@landunits/domain';
import type { NewsFormValues } from './news-form-values';
import * as styles from './content.module.css';

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
  const date = values.publishedAt ? formatDay(`${values.publishedAt}:00Z`) : 'When published';
  const paragraphs = bodyParagraphs(values.body);
  return (
    <section className={styles.newsPreview} aria-labelledby="news-preview-title">
      <h3 id="news-preview-title" className={styles.newsPreviewHeading}>
        Preview
      </h3>
      <div className={styles.newsPreviewCard}>
        {image ? <img className={styles.newsPreviewImage} src={image} alt={values.imageAlt} /> : <div className={`${styles.newsPreviewImage} ${styles.newsPreviewImageEmpty}`}>No image yet</div>}
        <p className={styles.newsPreviewTitle}>{values.title || 'Title'}</p>
        <p className={styles.newsPreviewMeta}>
          {date} · {categoryName ?? 'Category'}
        </p>
        <p>{values.description || 'The summary shown on the card.'}</p>
      </div>
      {paragraphs.length ? (
        <div className={styles.newsPreviewBody}>
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
