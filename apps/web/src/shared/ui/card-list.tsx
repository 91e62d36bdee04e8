import type { ReactNode } from 'react';
import './card-list.css';

/** One fact of a card in a card list (inside its `<dl className="card-list__facts">`): the term above the value. */
export function CardFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="card-list__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
