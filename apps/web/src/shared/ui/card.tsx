import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title, to keep the page outline right. */
  headingLevel?: 2 | 3 | 4;
  as?: 'section' | 'article' | 'div';
}

export function Card({ title, headingLevel = 2, as: Tag = 'div', className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Tag {...rest} className={['card', className].filter(Boolean).join(' ')}>
      {title ? <Heading className="card__title">{title}</Heading> : null}
      {children}
    </Tag>
  );
}
