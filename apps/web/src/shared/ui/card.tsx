import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './card.module.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title, to keep the page outline right. */
  headingLevel?: 2 | 3 | 4;
  as?: 'section' | 'article' | 'div';
  /** Extra class on the title's heading. */
  titleClassName?: string;
}

export function Card({ title, headingLevel = 2, as: Tag = 'div', className, titleClassName, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Tag {...rest} className={[styles.card, className].filter(Boolean).join(' ')}>
      {title ? <Heading className={[styles.cardTitle, titleClassName].filter(Boolean).join(' ')}>{title}</Heading> : null}
      {children}
    </Tag>
  );
}
