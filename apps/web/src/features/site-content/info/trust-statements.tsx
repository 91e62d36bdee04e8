import { TRUST_PAGE } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { trustStatementsQuery } from '../../../shared/lib/trust-statements-query';
import * as sitePagesStyles from '../site-pages.module.css';

/** A statement as the admin wrote it: paragraphs at blank lines, line breaks kept. */
function Paragraphs({ text }: { text: string }) {
  return text.split(/\n{2,}/).map((paragraph, i) => (
    <p key={i}>
      {paragraph.split('\n').map((line, j) => (
        <Fragment key={j}>
          {j > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </p>
  ));
}

/**
 * The regulatory and security statements on /about-us (decision 0065), each only once the operator
 * has written it with no [placeholder] left; until then nothing stands in its place.
 */
export function TrustStatementSections() {
  const trust = useQuery(trustStatementsQuery()).data;
  return (
    <>
      {trust?.regulatory ? (
        <section id={TRUST_PAGE.regulatoryAnchor} tabIndex={-1} className={sitePagesStyles.siteSection} aria-labelledby="regulatory-statement-title">
          <h2 id="regulatory-statement-title">Regulatory information</h2>
          <Paragraphs text={trust.regulatory} />
        </section>
      ) : null}
      {trust?.security ? (
        <section id={TRUST_PAGE.securityAnchor} tabIndex={-1} className={sitePagesStyles.siteSection} aria-labelledby="security-statement-title">
          <h2 id="security-statement-title">How we protect your money and data</h2>
          <Paragraphs text={trust.security} />
        </section>
      ) : null}
    </>
  );
}
