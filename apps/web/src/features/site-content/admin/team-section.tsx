import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { showToast } from '../../../shared/ui/toast-store';
import { CONTENT_ROOT, contentApi, contentKeys, type AdminTeamMember } from './content-api';
import { ConfirmDialog, type ConfirmTarget } from '../../../shared/admin/confirm-dialog';
import { TeamForm } from './team-form';
import * as styles from './content.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

type Direction = 'up' | 'down';

/** "Ada Lovelace" → "AL", as the team page shows someone without a photo. */
const initials = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
};

/** The ids with one person moved a place up or down. */
export function moved(ids: readonly number[], id: number, direction: Direction): number[] {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * /admin/team: the people of /team in their order, each with Move up and Move down buttons (the
 * focus stays on the button pressed, so the keyboard can keep moving someone), Change and Remove,
 * and the form to add someone or change them.
 */
export function AdminTeamSection() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminTeamMember | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [confirm, setConfirm] = useState<ConfirmTarget | null>(null);
  const [moving, setMoving] = useState(false);
  const [announce, setAnnounce] = useState('');
  const focusAfter = useRef<{ id: number; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const team = useQuery({ queryKey: contentKeys.team(), queryFn: ({ signal }) => contentApi.listTeam(signal), staleTime: 0, meta: { silent: true } });

  useLayoutEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted || moving) return;
    focusAfter.current = null;
    const same = buttons.current.get(`${wanted.id}-${wanted.direction}`);
    const other = buttons.current.get(`${wanted.id}-${wanted.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  });

  const move = async (member: AdminTeamMember, direction: Direction, members: readonly AdminTeamMember[]) => {
    if (moving) return;
    const ids = moved(
      members.map((m) => m.id),
      member.id,
      direction,
    );
    setMoving(true);
    focusAfter.current = { id: member.id, direction };
    try {
      const answer = await contentApi.orderTeam(ids);
      client.setQueryData(contentKeys.team(), answer);
      setAnnounce(`${member.name} is now number ${ids.indexOf(member.id) + 1} of ${ids.length}.`);
    } catch (error) {
      showToast(errorMessage(error), 'error');
      await client.invalidateQueries({ queryKey: CONTENT_ROOT });
    } finally {
      setMoving(false);
    }
  };

  const askRemove = (member: AdminTeamMember) =>
    setConfirm({
      title: `Remove ${member.name} from the team?`,
      message: 'They will no longer be shown on the team page.',
      label: 'Remove',
      run: async () => {
        await contentApi.deleteMember(member.id);
        showToast(`${member.name} removed.`, 'success');
        await client.invalidateQueries({ queryKey: CONTENT_ROOT });
      },
    });

  let body: ReactNode;
  if (team.isPending) body = <Skeleton height="12rem" />;
  else if (team.isError) body = <ErrorState title="The team could not be loaded" message={errorMessage(team.error)} onRetry={() => void team.refetch()} retrying={team.isFetching} />;
  else if (team.data.members.length === 0) body = <EmptyState headingLevel={3} title="Nobody on the team page yet" message="Add the first person with the form." />;
  else {
    const members = team.data.members;
    const ref = (key: string) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(key, element);
      else buttons.current.delete(key);
    };
    body = (
      <ol className={styles.teamList} aria-label="Team, in the order of the team page">
        {members.map((member, index) => (
          <li key={member.id} className={styles.teamListItem}>
            {member.photo ? (
              <img className={styles.teamListPhoto} src={member.photo} alt="" width={56} height={56} />
            ) : (
              <span className={`${styles.teamListPhoto} ${styles.teamListInitials}`} aria-hidden="true">
                {initials(member.name)}
              </span>
            )}
            <span className={styles.teamListWho}>
              <span className={styles.teamListName}>{member.name}</span>
              <span className="muted">{member.role}</span>
              {member.isDemo ? <StatusBadge label="Demo profile" tone="warning" /> : null}
            </span>
            <span className={`${styles.contentActions} ${styles.teamListActions}`}>
              <Button ref={ref(`${member.id}-up`)} size="sm" variant="secondary" disabled={index === 0 || moving} onClick={() => void move(member, 'up', members)}>
                <span aria-hidden="true">↑ </span>Move up<span className="visually-hidden"> {member.name}</span>
              </Button>
              <Button ref={ref(`${member.id}-down`)} size="sm" variant="secondary" disabled={index === members.length - 1 || moving} onClick={() => void move(member, 'down', members)}>
                <span aria-hidden="true">↓ </span>Move down<span className="visually-hidden"> {member.name}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setEditing(member)}>
                Change<span className="visually-hidden"> {member.name}</span>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => askRemove(member)}>
                Remove<span className="visually-hidden"> {member.name}</span>
              </Button>
            </span>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className={styles.contentColumns}>
      <section className={styles.contentSection} aria-labelledby="admin-team-title" aria-busy={team.isFetching || moving || undefined}>
        <h2 id="admin-team-title" className={adminStyles.adminOrdersTitle}>
          Team {team.data ? <span className={adminStyles.adminOrdersCount}>({team.data.members.length})</span> : null}
        </h2>
        <p className="muted">People are shown on the team page in this order.</p>
        {body}
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
      </section>
      <TeamForm
        key={editing ? `edit-${editing.id}` : `new-${formKey}`}
        member={editing}
        onDone={() => {
          setEditing(null);
          setFormKey((n) => n + 1);
        }}
      />
      <ConfirmDialog target={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
