import type { TeamMember } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { oncePerKey, useLinkCheck } from '../../shared/lib/one-time-link';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton, Spinner } from '../../shared/ui/spinner';
import { ContactForm } from './contact-form';
import { ActionLinks } from './info/page-parts';
import { NewsletterForm } from './newsletter-form';
import { siteApi } from './site-api';
import { teamQuery } from './site-queries';
import * as styles from './people.module.css';

/** The public support address. */
const SUPPORT_EMAIL = 'support@landunits.example';

/** "Ada Lovelace" → "AL": two letters for the avatar (first and last word). */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

function TeamCard({ member }: { member: TeamMember }) {
  return (
    <li className={styles.teamCard}>
      {member.photo ? (
        // The name is the card's heading beside it: the photo adds no words of its own.
        <img className={`${styles.teamCardAvatar} ${styles.teamCardPhoto}`} src={member.photo} alt="" width={112} height={112} loading="lazy" decoding="async" />
      ) : (
        <span className={styles.teamCardAvatar} aria-hidden="true">
          {initials(member.name)}
        </span>
      )}
      <div className={styles.teamCardBody}>
        <h2 className={styles.teamCardName}>{member.name}</h2>
        <p className={styles.teamCardRole}>{member.role}</p>
        <p className={styles.teamCardBio}>{member.bio}</p>
      </div>
    </li>
  );
}

/** Seven greyed cards keep the list's place while it loads. */
function TeamSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading the team…</span>
      <ul className={styles.teamGrid} aria-hidden="true">
        {Array.from({ length: 7 }, (_, i) => (
          <li key={i} className={styles.teamCard}>
            <Skeleton className={styles.teamCardAvatarSkeleton} width="3.5rem" height="3.5rem" />
            <div className={styles.teamCardBody}>
              <Skeleton height="1.4rem" width="60%" />
              <Skeleton height="1rem" width="45%" />
              <Skeleton height="4.5rem" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /team: the seven people behind Land Units, from the database. */
export function TeamPage() {
  const team = useQuery(teamQuery());
  let content;
  if (team.isPending) {
    content = <TeamSkeleton />;
  } else if (team.isError) {
    content = <ErrorState title="We could not load the team" message={errorMessage(team.error)} onRetry={() => void team.refetch()} retrying={team.isFetching} />;
  } else if (team.data.length === 0) {
    content = <EmptyState title="Our team page is being updated" message="Please come back soon, or write to us on the contact page." action={<Link to="/contact-us">Contact us</Link>} />;
  } else {
    content = (
      <ul className={styles.teamGrid}>
        {team.data.map((member) => (
          <TeamCard key={member.id} member={member} />
        ))}
      </ul>
    );
  }
  return (
    <div className="page">
      <h1>Our team</h1>
      <p className="page__lead">The people who run Land Units: land management, finance, technology and the support that answers your questions.</p>
      {content}
    </div>
  );
}

/** /contact-us: how to reach support, and the contact form. */
export function ContactPage() {
  return (
    <div className="page">
      <h1>Contact us</h1>
      <p className="page__lead">Questions about Units, your account or our land projects? Write to us: we answer by email within two working days.</p>
      <div className={styles.contactPageLayout}>
        <section className={styles.contactPageDetails} aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Contact details</h2>
          <address className={styles.contactPageAddress}>
            <p>
              Email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
            <p>Post: Land Units Ltd, London, United Kingdom</p>
          </address>
          <p className="muted">
            Many answers are already in our <Link to="/faq">frequently asked questions</Link>.
          </p>
        </section>
        <section className={styles.contactPageForm} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <ContactForm headingId="contact-form-title" />
        </section>
      </div>
    </div>
  );
}

/** A confirmation link works once, so each token is checked once per page load. */
const verifications = oncePerKey((token) => siteApi.verifySubscription(token));

const NO_TOKEN_MESSAGE = 'This address has no confirmation code. Please open the link from our email again, or subscribe below.';

/**
 * /subscribe/confirm?token=…: confirms a newsletter subscription from the double opt-in email. The
 * check runs in the browser only (an effect), never while the server renders the page.
 */
export function SubscribeConfirmPage() {
  const token = useQueryParam('token') ?? '';
  const { state, retry } = useLinkCheck(token, verifications, { noTokenMessage: NO_TOKEN_MESSAGE });

  if (state.status === 'checking') {
    return (
      <div className={`page ${styles.subscribeConfirm}`}>
        <h1>Confirming your subscription</h1>
        <p className={styles.subscribeConfirmProgress}>
          <Spinner label="Checking your confirmation link…" showLabel />
        </p>
      </div>
    );
  }

  if (state.status === 'confirmed') {
    return (
      <div className={`page ${styles.subscribeConfirm}`}>
        <h1>Subscription confirmed</h1>
        <p role="status" className={`${styles.subscribeConfirmMessage} ${styles.subscribeConfirmMessageSuccess}`}>
          {state.message}
        </p>
        <ActionLinks
          links={[
            { to: '/', label: 'Go to the home page', variant: 'primary' },
            { to: '/news', label: 'Read the latest news', variant: 'secondary' },
          ]}
        />
      </div>
    );
  }

  return (
    <div className={`page ${styles.subscribeConfirm}`}>
      <h1>We could not confirm your subscription</h1>
      <p role="alert" className={`${styles.subscribeConfirmMessage} ${styles.subscribeConfirmMessageError}`}>
        {state.message}
      </p>
      {state.retryable ? (
        <p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </p>
      ) : null}
      <section className={styles.subscribeConfirmAgain} aria-labelledby="subscribe-again-title">
        <h2 id="subscribe-again-title">Subscribe again</h2>
        <p className="muted">Enter your email address and we will send you a new confirmation link.</p>
        <NewsletterForm headingId="subscribe-again-title" />
      </section>
    </div>
  );
}

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/team': TeamPage,
  '/contact-us': ContactPage,
  '/subscribe/confirm': SubscribeConfirmPage,
};
