import { DISCLAIMER } from '@landunits/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName, type ButtonVariant } from '../../../shared/ui/button';
import * as styles from '../site-pages.module.css';

/**
 * Building blocks shared by the information pages: the page frame, sections, contents, cards,
 * link lists, calls to action, disclaimer.
 */

export interface SitePageProps {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  /** Under the lead: a version date, calls to action. */
  extra?: ReactNode;
  /** Campaign pages show the header as a hero panel. */
  hero?: boolean;
  children: ReactNode;
}

/** One page: its header with the only h1, then the content. */
export function SitePage({ title, lead, eyebrow, extra, hero = false, children }: SitePageProps) {
  const header = (
    <header className={styles.sitePageHeader}>
      {eyebrow ? <p className={styles.sitePageEyebrow}>{eyebrow}</p> : null}
      <h1 tabIndex={-1}>{title}</h1>
      {lead ? <p className={styles.sitePageLead}>{lead}</p> : null}
      {extra}
    </header>
  );
  return (
    <div className={styles.sitePage}>
      {hero ? <div className={styles.siteHero}>{header}</div> : header}
      {children}
    </div>
  );
}

export interface TocItem {
  id: string;
  title: string;
}

/**
 * A text with its table of contents: plain in-page links, which work before the page's script
 * has run. Each section's id is its anchor.
 */
export function WithContents({ items, children, label = 'Contents' }: { items: readonly TocItem[]; children: ReactNode; label?: string }) {
  return (
    <div className={`${styles.sitePageBody} ${styles.sitePageBodyWithToc}`}>
      <nav className={styles.siteToc} aria-label={label}>
        <h2 className={styles.siteTocTitle}>{label}</h2>
        <ol className={styles.siteTocList}>
          {items.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`}>{item.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.siteText}>{children}</div>
    </div>
  );
}

/** A section of a text: an anchor, an h2 and its content. */
export function Section({ item, children }: { item: TocItem; children: ReactNode }) {
  return (
    <section id={item.id} className={styles.siteSection}>
      <h2>{item.title}</h2>
      {children}
    </section>
  );
}

/** The site's not-investment-advice statement, on every page that discusses money. */
export function Disclaimer() {
  return (
    <p className={styles.siteDisclaimer}>
      <strong>Please note: </strong>
      {DISCLAIMER}
    </p>
  );
}

export interface PageLink {
  to: string;
  label: string;
}

/** A plain list of links to other pages ("Learn more", "Read more"). */
export function LinkList({ links }: { links: readonly PageLink[] }) {
  return (
    <ul className={styles.siteLinkList}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

/** Calls to action: links drawn as buttons, the first one usually primary. */
export function ActionLinks({ links }: { links: readonly (PageLink & { variant: ButtonVariant })[] }) {
  return (
    <ul className={styles.sitePageActions}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={buttonClassName(link.variant, 'md', styles.sitePageActionLink)}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Reasons or benefits as a grid of cards, each with its h3. */
export function CardGrid({ cards }: { cards: readonly { title: string; text: string }[] }) {
  return (
    <ul className={styles.siteGrid}>
      {cards.map((card) => (
        <li key={card.title} className={styles.siteCard}>
          <h3>{card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
