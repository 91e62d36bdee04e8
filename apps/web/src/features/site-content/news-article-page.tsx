import { bodyParagraphs, formatDay } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api';
import { buttonClassName } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { hostOf, isInternal } from './news-links';
import { articleQuery } from './site-queries';
import * as styles from './news.module.css';

/** "Further reading" under an article: a page of this site, or another site named by its host. */
function FurtherReading({ link }: { link: string }) {
  if (isInternal(link)) {
    return (
      <p className={styles.newsArticleFurther}>
        Further reading: <Link to={link}>{link}</Link>
      </p>
    );
  }
  return (
    <p className={styles.newsArticleFurther}>
      Further reading:{' '}
      <a href={link} rel="noopener">
        {hostOf(link) ?? link}
      </a>
    </p>
  );
}

/**
 * /news/article/{id}: one published article. The body is plain text shown as paragraphs (blank
 * lines between them); nothing in it is read as markup. Drafts and articles whose date has not
 * come are answered as not found, like an address that never existed.
 */
export function NewsArticlePage() {
  const id = useParams().id ?? '';
  const query = useQuery(articleQuery(id));

  if (query.isPending) {
    return (
      <div className={`page ${styles.newsArticle}`} role="status">
        <span className="visually-hidden">Loading the article…</span>
        <Skeleton height="2.5rem" width="70%" />
        <Skeleton height="1rem" width="30%" />
        <Skeleton height="16rem" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className={`page ${styles.newsArticle}`}>
        {notFound ? (
          <>
            <h1>News article not found</h1>
            <p className="page__lead">We have no article at this address. It may have been taken down or not be published yet.</p>
            <p>
              <Link to="/news" className={buttonClassName('primary')}>
                See all news
              </Link>
            </p>
          </>
        ) : (
          <ErrorState title="We could not load this article" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
      </div>
    );
  }

  const article = query.data;
  const categoryHref = `/news/category/${encodeURIComponent(article.category.slug)}`;
  return (
    <article className={`page ${styles.newsArticle}`} aria-labelledby="news-article-title">
      <p className={styles.newsArticleBack}>
        <Link to="/news">
          <span aria-hidden="true">← </span>All news
        </Link>
      </p>
      <h1 id="news-article-title" className={styles.newsArticleTitle}>
        {article.title}
      </h1>
      <p className={styles.newsCardMeta}>
        <time dateTime={article.publishedAt}>{formatDay(article.publishedAt)}</time>
        <span aria-hidden="true"> · </span>
        <Link to={categoryHref}>{article.category.name}</Link>
      </p>
      <img className={styles.newsArticleImage} src={article.image} alt={article.imageAlt} width={1280} height={720} decoding="async" />
      <p className={styles.newsArticleLead}>{article.desc}</p>
      <div className={styles.newsArticleBody}>
        {bodyParagraphs(article.body).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {article.link ? <FurtherReading link={article.link} /> : null}
    </article>
  );
}
