import { IDEA_STATUS_LABELS, type IdeaStatus } from '@landunits/domain';
import { hello, oneLine, renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The author of an idea is told its new status and the admins' reply (a community email). */
export function ideaStatusEmail(m: { to: string; firstName: string; title: string; status: IdeaStatus; reply: string; url: string }): EmailMessage {
  const status = IDEA_STATUS_LABELS[m.status];
  return renderEmail(m.to, {
    subject: `Your idea is now: ${status}`,
    greeting: hello(m),
    paragraphs: [`Your idea “${oneLine(m.title)}” has a new status: ${status}. This is our reply:`],
    quote: m.reply,
    action: { label: 'See the community ideas', url: m.url },
  });
}
