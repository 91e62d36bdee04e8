import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import * as styles from './card-list.module.css';

/** The class names given, or none (no empty `class` attribute). */
const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * A list shown as cards (a table's phone layout). A page styles it through `className`; each card
 * is a `Card` (or a `<li>` holding one).
 */
export function CardList({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={classes(styles.cardList, className)} {...props} />;
}

/** One card: an `<article>` by default, or the list item itself (`li`), or a `section` (a detail panel). */
export function Card({ as: Tag = 'article', className, ...props }: { as?: 'article' | 'li' | 'section' } & HTMLAttributes<HTMLElement>) {
  return <Tag className={classes(styles.cardListItem, className)} {...props} />;
}

/** A card's head: its title, with badges or actions beside it. */
export function CardHead({ className, ...props }: ComponentProps<'div'>) {
  return <div className={classes(styles.cardListHead, className)} {...props} />;
}

/** A card's title, an `<h3>` unless the page's outline needs another level. */
export function CardTitle({ as: Tag = 'h3', className, ...props }: { as?: 'h2' | 'h3' | 'h4' } & ComponentProps<'h3'>) {
  return <Tag className={classes(styles.cardListTitle, className)} {...props} />;
}

/** A card's facts, each a `CardFact`: term above value, two to a row. */
export function CardFacts({ className, ...props }: ComponentProps<'dl'>) {
  return <dl className={classes(styles.cardListFacts, className)} {...props} />;
}

/** One fact of a card (inside its `CardFacts`): the term above the value. */
export function CardFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.cardListFact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
