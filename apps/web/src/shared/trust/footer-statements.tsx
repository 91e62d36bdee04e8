import { TRUST_PAGE } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { trustStatementsQuery } from '../lib/trust-statements-query';

/**
 * The footer's regulatory line and links to the two statements on /about-us (decision 0065), each
 * only once the operator has written it with no [placeholder] left; nothing in its place until then.
 * A lazy chunk of the footer: the entry script of every page stays within its budget (the server
 * renders it in place, waiting for the chunk as for a page's).
 */
export default function FooterStatements({ headingClassName }: { headingClassName: string }) {
  const trust = useQuery(trustStatementsQuery()).data;
  return (
    <>
      {trust?.regulatoryLine ? (
        <>
          <h2 className={headingClassName}>Regulatory information</h2>
          <p>
            {trust.regulatoryLine}
            {trust.regulatory ? (
              <>
                {' '}
                <Link to={`${TRUST_PAGE.path}#${TRUST_PAGE.regulatoryAnchor}`}>Read the regulatory statement</Link>
              </>
            ) : null}
          </p>
        </>
      ) : null}
      {trust?.security ? (
        <p>
          <Link to={`${TRUST_PAGE.path}#${TRUST_PAGE.securityAnchor}`}>How we protect your money and data</Link>
        </p>
      ) : null}
    </>
  );
}
