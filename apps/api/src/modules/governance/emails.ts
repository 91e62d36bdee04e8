import { hello, renderEmail, type EmailMessage } from '../../platform/mail/layout';
import type { VoteRow } from './store';

type Recipient = { email: string; firstName: string };

/** To a holder when a vote opens; `link` is the dashboard's votes page. */
export function voteOpenedEmail(person: Recipient, vote: VoteRow, link: string): EmailMessage {
  return renderEmail(person.email, {
    subject: `New vote: ${vote.question.replace(/\p{Cc}+/gu, ' ').slice(0, 120)}`,
    greeting: hello({ firstName: person.firstName || 'there' }),
    paragraphs: ['As a holder of Land Units you have one vote on this question. You can change your vote until voting closes.'],
    details: [
      { label: 'Question', value: vote.question },
      { label: 'Voting closes', value: vote.closesAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' },
    ],
    action: { label: 'Vote now', url: link },
  });
}

/** To the holders and everyone who voted when a vote's result is published. */
export function voteResultEmail(person: Recipient, vote: VoteRow, link: string): EmailMessage {
  return renderEmail(person.email, {
    subject: `Vote result: ${vote.outcome ?? 'Not Decided'}`,
    greeting: hello({ firstName: person.firstName || 'there' }),
    paragraphs: ['Voting has closed and the result is published.'],
    details: [
      { label: 'Question', value: vote.question },
      { label: 'Outcome', value: vote.outcome ?? 'Not Decided' },
      { label: 'Yes', value: vote.yesPercentage === null ? '—' : `${Number(vote.yesPercentage).toFixed(2)} %` },
    ],
    action: { label: 'See the result', url: `${link}?filter=closed` },
  });
}
