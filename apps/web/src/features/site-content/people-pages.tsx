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
import { StatusBadge } from '../../shared/ui/status-badge';
import { ContactForm } from './contact-form';
import { ActionLinks } from './info/page-parts';
import { NewsletterForm } from './newsletter-form';
import { siteApi } from './site-api';
import { teamQuery } from './site-queries';
import './people.css';

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
    <li className="team-card">
      {member.photo ? (
        // The name is the card's heading beside it: the photo adds no words of its own.
        <img className="team-card__avatar team-card__photo" src={member.photo} alt="" width={112} height={112} loading="lazy" decoding="async" />
      ) : (
        <span className="team-card__avatar" aria-hidden="true">
          {initials(member.name)}
        </span>
      )}
      <div className="team-card__body">
        <h2 className="team-card__name">{member.name}</h2>
        <p className="team-card__role">{member.role}</p>
        {member.isDemo ? <StatusBadge label="Demo profile" tone="warning" /> : null}
        <p className="team-card__bio">{member.bio}</p>
      </div>
    </li>
  );
}

/** Seven greyed cards keep the list's place while it loads. */
function TeamSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading the team…</span>
      <ul className="team-grid" aria-hidden="true">
        {Array.from({ length: 7 }, (_, i) => (
          <li key={i} className="team-card">
            <Skeleton className="team-card__avatar-skeleton" width="3.5rem" height="3.5rem" />
            <div className="team-card__body">
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
      <ul className="team-grid">
        {team.data.map((member) => (
          <TeamCard key={member.id} member={member} />
        ))}
      </ul>
    );
  }
  return (
    <div className="page team">
      <h1>Our team</h1>
      <p className="page__lead">The people who run Land Units: land management, finance, technology and the support that answers your questions.</p>
      {content}
    </div>
  );
}

/** /contact-us: how to reach support, and the contact form. */
export function ContactPage() {
  return (
    <div className="page contact-page">
      <h1>Contact us</h1>
      <p className="page__lead">Questions about Units, your account or our land projects? Write to us: we answer by email within two working days.</p>
      <div className="contact-page__layout">
        <section className="contact-page__details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Contact details</h2>
          <address className="contact-page__address">
            <p>
              Email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
            <p>Post: Land Units Ltd, London, United Kingdom</p>
          </address>
          <p className="muted">
            Many answers are already in our <Link to="/faq">frequently asked questions</Link>.
          </p>
        </section>
        <section className="contact-page__form" aria-labelledby="contact-form-title">
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
      <div className="page subscribe-confirm">
        <h1>Confirming your subscription</h1>
        <p className="subscribe-confirm__progress">
          <Spinner label="Checking your confirmation link…" showLabel />
        </p>
      </div>
    );
  }

  if (state.status === 'confirmed') {
    return (
      <div className="page subscribe-confirm">
        <h1>Subscription confirmed</h1>
        <p role="status" className="subscribe-confirm__message subscribe-confirm__message--success">
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
    <div className="page subscribe-confirm">
      <h1>We could not confirm your subscription</h1>
      <p role="alert" className="subscribe-confirm__message subscribe-confirm__message--error">
        {state.message}
      </p>
      {state.retryable ? (
        <p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </p>
      ) : null}
      <section className="subscribe-confirm__again" aria-labelledby="subscribe-again-title">
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
