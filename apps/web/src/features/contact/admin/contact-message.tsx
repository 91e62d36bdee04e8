import { CONTACT_ADMIN_MESSAGES, ContactReplySchema, type ContactActionAnswer, type ContactReplyValues } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { StatusBadge, type BadgeTone } from '../../../shared/ui/status-badge';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { ADMIN_HOME_KEY, CONTACT_LISTS, contactMessageKey, inboxApi, type ContactMessageDetail, type ContactMessageStatus } from '../../../shared/admin/inbox-api';
import { dateTime, LoadingRows } from '../../../shared/admin/inbox-parts';
import { Card, CardHead, CardTitle } from '../../../shared/ui/card-list';
import * as inboxStyles from '../../../shared/admin/inbox.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

export const CONTACT_STATUS: Readonly<Record<ContactMessageStatus, { label: string; tone: BadgeTone }>> = {
  new: { label: 'New', tone: 'info' },
  answered: { label: 'Answered', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};

const REPLY_MAX = 5000;

/** After an action: the message shows the state the server answered; the lists and the home's counts are asked again. */
function useAfterAction(id: string) {
  const client = useQueryClient();
  return (answer: ContactActionAnswer) => {
    client.setQueryData(contactMessageKey(id), answer.detail);
    void client.invalidateQueries({ queryKey: CONTACT_LISTS });
    void client.invalidateQueries({ queryKey: ADMIN_HOME_KEY });
    showToast(answer.message, 'success');
  };
}

/** The reply box; it starts empty again once a reply is sent. */
function ReplyForm({ id, email }: { id: string; email: string }) {
  const [round, setRound] = useState(0);
  return <ReplyFields key={round} id={id} email={email} onSent={() => setRound((n) => n + 1)} />;
}

function ReplyFields({ id, email, onSent }: { id: string; email: string; onSent: () => void }) {
  const done = useAfterAction(id);
  const [failure, setFailure] = useState('');
  const send = async (data: ContactReplyValues, { showServerErrors }: SubmitHelpers) => {
    try {
      done(await inboxApi.reply(id, data));
      onSent();
    } catch (e) {
      if (isApiError(e) && e.errors.reply) showServerErrors({ reply: e.errors.reply });
      else setFailure(errorMessage(e));
    }
  };
  const form = useForm(ContactReplySchema, { reply: '' }, send);
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        setFailure('');
        form.formProps.onSubmit(event);
      }}
      className={inboxStyles.contactReply}
      aria-label="Reply"
    >
      <TextArea
        {...form.field('reply')}
        label="Your reply"
        hint={`Emailed to ${email}, with answers going to the support address.`}
        rows={6}
        maxChars={REPLY_MAX}
        className={inboxStyles.contactReplyField}
      />
      <FormAlert className={adminStyles.adminDialogError}>{failure}</FormAlert>
      <Button type="submit" loading={form.submitting}>
        Send reply
      </Button>
    </form>
  );
}

function CloseButton({ id, closed }: { id: string; closed: boolean }) {
  const done = useAfterAction(id);
  const [pending, setPending] = useState(false);
  const act = async () => {
    setPending(true);
    try {
      done(await (closed ? inboxApi.reopen(id) : inboxApi.close(id)));
    } catch (e) {
      showToast(errorMessage(e), 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={pending} onClick={() => void act()}>
      {closed ? 'Reopen' : 'Close the message'}
    </Button>
  );
}

function Detail({ detail }: { detail: ContactMessageDetail }) {
  const { message, replies } = detail;
  const id = String(message.id);
  const closed = message.status === 'closed';
  return (
    <>
      <dl className={`${adminStyles.adminCardFacts} ${inboxStyles.contactFacts}`}>
        <dt>From</dt>
        <dd>{message.name}</dd>
        <dt>Email</dt>
        <dd className={inboxStyles.inboxEmail}>{message.email}</dd>
        {message.accountEmail ? (
          <>
            <dt>Signed in as</dt>
            <dd className={inboxStyles.inboxEmail}>{message.accountEmail}</dd>
          </>
        ) : null}
        <dt>Received</dt>
        <dd>{dateTime(message.createdAt)}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge {...CONTACT_STATUS[message.status]} />
        </dd>
      </dl>
      <h4 className={inboxStyles.contactSubject}>{message.subject || 'No subject'}</h4>
      <blockquote className={inboxStyles.contactText}>{message.message}</blockquote>
      {replies.length > 0 ? (
        <>
          <h4 className={inboxStyles.contactSubject}>Replies</h4>
          <ol className={inboxStyles.contactReplies}>
            {replies.map((reply) => (
              <li key={reply.id} className={inboxStyles.contactRepliesItem}>
                <p className="muted">
                  {reply.adminName ?? 'An admin'} · {dateTime(reply.createdAt)}
                </p>
                <p className={`${inboxStyles.contactText} ${inboxStyles.contactTextReply}`}>{reply.body}</p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {closed ? <p className="muted">{CONTACT_ADMIN_MESSAGES.replyClosed}</p> : <ReplyForm key={id} id={id} email={message.email} />}
      <div className={inboxStyles.contactActions}>
        <CloseButton id={id} closed={closed} />
      </div>
    </>
  );
}

/** One message with its replies, the reply form and closing or reopening it; its title takes the focus when it opens. */
export function ContactMessagePanel({ id, onClose }: { id: string; onClose: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const detail = useQuery({ queryKey: contactMessageKey(id), queryFn: ({ signal }) => inboxApi.contactMessage(id, signal), staleTime: 0, meta: { silent: true } });
  let body: ReactNode;
  if (detail.isPending) body = <LoadingRows label="Loading the message…" />;
  else if (detail.isError)
    body = <ErrorState headingLevel={3} title="The message could not be loaded" message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  else body = <Detail detail={detail.data} />;
  return (
    <Card as="section" className={inboxStyles.contactPanel} aria-labelledby="contact-message-title">
      <CardHead className={inboxStyles.contactPanelHead}>
        <CardTitle id="contact-message-title" ref={title} tabIndex={-1}>
          Message #{id}
        </CardTitle>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Back to the list
        </Button>
      </CardHead>
      {body}
    </Card>
  );
}
