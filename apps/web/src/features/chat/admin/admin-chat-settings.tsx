import { ChatCannedReplyInputSchema, fieldErrors, OfficeHoursSchema, type ChatCannedReplyInput, type OfficeHours } from '@landunits/domain';
import type { ChatCannedReply } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useForm } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { adminChatApi, CHAT_KEYS } from '../chat-api';
import { fieldClassName } from '../../../shared/ui/field-parts';
import * as chatStyles from '../chat.module.css';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDER = [1, 2, 3, 4, 5, 6, 0];

function OfficeHoursForm({ initial, open }: { initial: OfficeHours; open: boolean }) {
  const client = useQueryClient();
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dayOf = (day: number) => value.days.find((d) => d.day === day);
  const setDay = (day: number, patch: Partial<{ opens: string; closes: string }> | null) =>
    setValue((v) => {
      const others = v.days.filter((d) => d.day !== day);
      if (patch === null) return { ...v, days: others };
      const current = v.days.find((d) => d.day === day) ?? { day, opens: '09:00', closes: '17:00' };
      return { ...v, days: [...others, { ...current, ...patch }].sort((a, b) => a.day - b.day) };
    });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OfficeHoursSchema.safeParse(value);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await adminChatApi.setOfficeHours(parsed.data);
      showToast('The office hours were saved.', 'success');
      void client.invalidateQueries({ queryKey: CHAT_KEYS.officeHours });
    } catch (failure) {
      showToast(errorMessage(failure), 'error');
    } finally {
      setBusy(false);
    }
  };
  const dayError = (day: number) => {
    const index = value.days.findIndex((d) => d.day === day);
    return errors[`days.${index}.closes`] ?? errors[`days.${index}.opens`];
  };
  return (
    <form className={chatStyles.chatSettingsHours} onSubmit={save} noValidate aria-labelledby="chat-hours-title">
      <h3 id="chat-hours-title">Office hours</h3>
      <p>The chat is {open ? 'open now' : 'closed now'}.</p>
      <TextField label="Time zone" hint="An IANA zone such as Europe/London" value={value.timezone} error={errors.timezone} onChange={(e) => setValue((v) => ({ ...v, timezone: e.target.value }))} />
      <TextField
        label="Expected reply (minutes, while open)"
        inputMode="numeric"
        value={String(value.expectedReplyMinutes)}
        error={errors.expectedReplyMinutes}
        onChange={(e) => setValue((v) => ({ ...v, expectedReplyMinutes: Number(e.target.value) }))}
      />
      <fieldset className={chatStyles.chatSettingsDays}>
        <legend>Days</legend>
        {ORDER.map((day) => {
          const d = dayOf(day);
          return (
            <div key={day} className={chatStyles.chatSettingsDay}>
              <label className={chatStyles.chatSettingsChoice}>
                <input type="checkbox" checked={Boolean(d)} onChange={(e) => setDay(day, e.target.checked ? {} : null)} />
                <span>{DAY_NAMES[day]}</span>
              </label>
              {d ? (
                <>
                  <label>
                    <span className="visually-hidden">{DAY_NAMES[day]} opens</span>
                    <input className={fieldClassName('control')} type="time" value={d.opens} onChange={(e) => setDay(day, { opens: e.target.value })} />
                  </label>
                  <span aria-hidden="true">–</span>
                  <label>
                    <span className="visually-hidden">{DAY_NAMES[day]} closes</span>
                    <input className={fieldClassName('control')} type="time" value={d.closes} onChange={(e) => setDay(day, { closes: e.target.value })} />
                  </label>
                  {dayError(day) ? <span className={fieldClassName('error')}>{dayError(day)}</span> : null}
                </>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <Button type="submit" loading={busy}>
        Save office hours
      </Button>
    </form>
  );
}

function CannedForm({ reply, onDone }: { reply: ChatCannedReply | null; onDone: () => void }) {
  const client = useQueryClient();
  const save = async (data: ChatCannedReplyInput) => {
    try {
      const answer = reply ? await adminChatApi.editCanned(reply.id, data) : await adminChatApi.addCanned(data);
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: CHAT_KEYS.canned });
      onDone();
    } catch (failure) {
      showToast(errorMessage(failure), 'error');
    }
  };
  const form = useForm<'title' | 'body', ChatCannedReplyInput>(ChatCannedReplyInputSchema, { title: reply?.title ?? '', body: reply?.body ?? '' }, save);
  return (
    <form {...form.formProps} className={chatStyles.chatSettingsCannedForm} aria-label={reply ? `Edit ${reply.title}` : 'New canned reply'}>
      <TextField {...form.field('title')} label="Title" />
      <TextArea {...form.field('body')} label="Text" rows={3} />
      <div className={chatStyles.chatSettingsRow}>
        <Button type="submit" size="sm">
          Save reply
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CannedReplies() {
  const client = useQueryClient();
  const canned = useQuery({ queryKey: CHAT_KEYS.canned, queryFn: () => adminChatApi.canned() });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remove = async (reply: ChatCannedReply) => {
    try {
      showToast((await adminChatApi.deleteCanned(reply.id)).message, 'success');
      void client.invalidateQueries({ queryKey: CHAT_KEYS.canned });
    } catch (failure) {
      showToast(errorMessage(failure), 'error');
    }
  };
  if (canned.isPending) return <Skeleton height="6rem" />;
  if (canned.isError) return <ErrorState title="The canned replies could not be loaded" message={errorMessage(canned.error)} onRetry={() => void canned.refetch()} headingLevel={3} />;
  return (
    <section aria-labelledby="chat-canned-title">
      <h3 id="chat-canned-title">Canned replies</h3>
      {canned.data.replies.length === 0 ? <p>No canned replies yet.</p> : null}
      <ul className={chatStyles.chatSettingsCanned}>
        {canned.data.replies.map((r) => (
          <li key={r.id}>
            {editing === r.id ? (
              <CannedForm reply={r} onDone={() => setEditing(null)} />
            ) : (
              <>
                <p className={chatStyles.chatSettingsCannedTitle}>{r.title}</p>
                <p className={chatStyles.chatSettingsCannedBody}>{r.body}</p>
                <div className={chatStyles.chatSettingsRow}>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(r.id)} aria-label={`Edit ${r.title}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => void remove(r)} aria-label={`Delete ${r.title}`}>
                    Delete
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <CannedForm reply={null} onDone={() => setEditing(null)} />
      ) : (
        <Button size="sm" onClick={() => setEditing('new')}>
          Add a canned reply
        </Button>
      )}
    </section>
  );
}

/** Office hours and canned replies, in a disclosure under the console. */
export function ChatSettings() {
  const hours = useQuery({ queryKey: CHAT_KEYS.officeHours, queryFn: () => adminChatApi.officeHours() });
  return (
    <details className={chatStyles.chatSettings}>
      <summary>Office hours and canned replies</summary>
      <div className={chatStyles.chatSettingsBody}>
        {hours.isPending ? (
          <Skeleton height="8rem" />
        ) : hours.isError ? (
          <ErrorState title="The office hours could not be loaded" message={errorMessage(hours.error)} onRetry={() => void hours.refetch()} headingLevel={3} />
        ) : (
          <OfficeHoursForm initial={hours.data.officeHours} open={hours.data.open} />
        )}
        <CannedReplies />
      </div>
    </details>
  );
}
