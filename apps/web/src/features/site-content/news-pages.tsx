import { NewsArticlePage } from './news-article-page';
import { NEWS_PAGE_SIZE, readMoreHref, type NewsItem, formatDay } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api';
import { buttonClassName } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { hostOf, isInternal } from './news-links';
import { newsCategoriesQuery, newsQuery, pageParam } from './site-queries';
import * as styles from './news.module.css';

/*
 * /news and /news/category/{slug}. /news is measured on a slow phone, so the cards are text-first:
 * on a narrow screen the image is a small thumbnail beside the text, which keeps the largest thing
 * above the fold a paragraph painted with the server's HTML rather than an image still loading.
 */

/** How many cards the widest grid shows in a row: their images load at once, the rest lazily. */
const FIRST_ROW = 3;

/** Cards in the loading skeleton: a full page. */
const SKELETON_CARDS = NEWS_PAGE_SIZE;

/** The address of a page of the list: page 1 has no ?page= so each list has one canonical URL. */
const pageHref = (pathname: string, page: number): string => (page > 1 ? `${pathname}?page=${page}` : pathname);

/**
 * A card of the list; its title is the "Read more" link: to the article on this site when it has a
 * body, otherwise to its link (a page of this site or another site, whose host is named).
 */
function NewsCard({ item, eager }: { item: NewsItem; eager: boolean }) {
  const href = readMoreHref(item);
  const host = isInternal(href) ? null : hostOf(href);
  return (
    <li className={styles.newsCard}>
      <div className={styles.newsCardBody}>
        <h2 className={styles.newsCardTitle}>
          {isInternal(href) ? (
            <Link to={href} className={styles.newsCardLink}>
              {item.title}
            </Link>
          ) : (
            <a href={href} rel="noopener" className={styles.newsCardLink}>
              {item.title}
            </a>
          )}
        </h2>
        <p className={styles.newsCardMeta}>
          <time dateTime={item.publishedAt}>{formatDay(item.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span>{item.category.name}</span>
          {host ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{host}</span>
            </>
          ) : null}
        </p>
        <p className={styles.newsCardDesc}>{item.desc}</p>
      </div>
      <img className={styles.newsCardImage} src={item.image} alt={item.imageAlt} width={640} height={360} loading={eager ? undefined : 'lazy'} decoding="async" />
    </li>
  );
}

/** Keeps the grid's place while a page loads: the same cards, greyed. */
function NewsGridSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading the news…</span>
      <ul className={styles.newsGrid} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className={`${styles.newsCard} ${styles.newsCardSkeleton}`}>
            <div className={styles.newsCardBody}>
              <Skeleton height="1.5rem" width="85%" />
              <Skeleton height="0.9rem" width="45%" />
              <Skeleton height="3.5rem" />
            </div>
            <Skeleton className={styles.newsCardImageSkeleton} height="auto" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Previous and next as links, so every page of the list has an address and crawlers follow it. */
function NewsPager({ pathname, page, totalPages }: { pathname: string; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.newsPager} aria-label="News pages">
      {page > 1 ? (
        <Link to={pageHref(pathname, page - 1)} rel="prev" className={buttonClassName('secondary', 'sm')}>
          <span aria-hidden="true">←</span> Newer<span className="visually-hidden"> news</span>
        </Link>
      ) : (
        <span className={styles.newsPagerGap} />
      )}
      <span className={styles.newsPagerPosition}>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={pageHref(pathname, page + 1)} rel="next" className={buttonClassName('secondary', 'sm')}>
          Older<span className="visually-hidden"> news</span> <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className={styles.newsPagerGap} />
      )}
    </nav>
  );
}

/** Links to every category; the one on screen is marked as the current page. */
function CategoryNav({ current }: { current: string | null }) {
  const categories = useQuery(newsCategoriesQuery());
  return (
    <nav className={styles.newsCategories} aria-label="News categories">
      <ul className={styles.newsCategoriesList}>
        <li>
          <Link to="/news" className={styles.newsCategoriesLink} aria-current={current === null ? 'page' : undefined}>
            All news
          </Link>
        </li>
        {categories.data?.map((category) => (
          <li key={category.slug}>
            <Link to={`/news/category/${encodeURIComponent(category.slug)}`} className={styles.newsCategoriesLink} aria-current={current === category.slug ? 'page' : undefined}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type ListState = ReturnType<typeof useNewsList>;

function useNewsList(category: string | null) {
  const { pathname, search } = useLocation();
  const page = pageParam(search);
  const query = useQuery(newsQuery(category, page));
  const notFound = isApiError(query.error) && query.error.status === 404;
  return { pathname, page, query, notFound };
}

/** The grid with its loading, empty, error and paging states. */
function NewsList({ list, emptyTitle, emptyMessage }: { list: ListState; emptyTitle: string; emptyMessage: string }) {
  const { pathname, page, query } = list;
  if (query.isPending) return <NewsGridSkeleton />;
  if (query.isError) {
    return <ErrorState title="We could not load the news" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const { items, totalItems, totalPages } = query.data;
  if (items.length === 0) {
    return totalItems > 0 ? (
      <EmptyState
        title={`There is no page ${page}`}
        message={`This list has ${totalPages} ${totalPages === 1 ? 'page' : 'pages'}.`}
        action={
          <Link to={pathname} className={buttonClassName('secondary')}>
            Go to the first page
          </Link>
        }
      />
    ) : (
      <EmptyState title={emptyTitle} message={emptyMessage} />
    );
  }
  return (
    <>
      <ul className={styles.newsGrid}>
        {items.map((item, index) => (
          <NewsCard key={item.id} item={item} eager={page === 1 && index < FIRST_ROW} />
        ))}
      </ul>
      <NewsPager pathname={pathname} page={page} totalPages={totalPages} />
    </>
  );
}

/** /news: every category, newest first. */
export function NewsPage() {
  const list = useNewsList(null);
  return (
    <div className="page">
      <h1 className={styles.newsTitle}>News</h1>
      <p className="page__lead">Updates on our land projects, the people who manage them and what Land Units is doing next.</p>
      <CategoryNav current={null} />
      <NewsList list={list} emptyTitle="No news yet" emptyMessage="There is no news yet. Please come back soon." />
    </div>
  );
}

/** /news/category/{slug}: one category's news; an unknown category answers with a not-found state. */
export function NewsCategoryPage() {
  const slug = useParams().slug ?? '';
  const list = useNewsList(slug);
  const categories = useQuery(newsCategoriesQuery());
  const name = list.query.data?.category?.name ?? categories.data?.find((c) => c.slug === slug)?.name;

  if (list.notFound) {
    return (
      <div className="page">
        <h1 className={styles.newsTitle}>News category not found</h1>
        <p className="page__lead">We have no news category at this address. It may have been renamed or removed.</p>
        <p>
          <Link to="/news" className={buttonClassName('primary')}>
            See all news
          </Link>
        </p>
        <CategoryNav current={slug} />
      </div>
    );
  }
  return (
    <div className="page">
      <h1 className={styles.newsTitle}>{name ? `News: ${name}` : 'News'}</h1>
      <p className="page__lead">The latest from Land Units in this category, newest first.</p>
      <CategoryNav current={slug} />
      <NewsList list={list} emptyTitle="No news in this category yet" emptyMessage="There is nothing here yet. All news has the latest from every category." />
    </div>
  );
}

export { NewsArticlePage } from './news-article-page';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/news': NewsPage,
  '/news/category/:slug': NewsCategoryPage,
  '/news/article/:id': NewsArticlePage,
};
