import { renderEmail, hello, oneLine, type EmailMessage } from '../../platform/mail/layout';

/** The community's emails, on the shared layout. */

/** To the asker (optional, category 'community'): their question got an answer. */
export function questionAnsweredEmail(m: { to: string; firstName: string; title: string; answeredBy: string; link: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your community question has an answer',
    greeting: hello(m),
    paragraphs: [`${m.answeredBy} answered your question “${oneLine(m.title)}”.`],
    action: { label: 'Read the answer', url: m.link },
    after: ['When your question is settled, you can close it and mark the answer that helped.'],
  });
}

/** To the asker (optional, category 'community'): an admin closed their question. */
export function questionClosedEmail(m: { to: string; firstName: string; title: string; link: string; accepted: boolean }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your community question was closed',
    greeting: hello(m),
    paragraphs: [
      `The Land Units team closed your question “${oneLine(m.title)}”${m.accepted ? ' and marked the answer that settles it' : ''}.`,
      'You can reopen it from its page if it is not settled.',
    ],
    action: { label: 'Open your question', url: m.link },
  });
}

/** To the applicant (transactional): the decision on their agent application, with the admin's reason. */
export function agentDecisionEmail(m: { to: string; firstName: string; decision: 'approved' | 'rejected' | 'revoked'; reason: string; link: string }): EmailMessage {
  const text = {
    approved: {
      subject: 'You are now a Land Units community agent',
      line: 'Your application to become a community agent was approved. You can now answer community questions; your answers carry the agent badge.',
    },
    rejected: { subject: 'Your community agent application', line: 'Your application to become a community agent was not approved this time. You can apply again later.' },
    revoked: { subject: 'Your community agent badge was removed', line: 'You are no longer a community agent, so you can no longer answer community questions.' },
  }[m.decision];
  return renderEmail(m.to, {
    subject: text.subject,
    greeting: hello(m),
    paragraphs: [text.line, 'The reason given by the Land Units team:'],
    quote: m.reason,
    action: { label: 'See your application', url: m.link },
  });
}
