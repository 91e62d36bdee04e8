import { ADMIN_ROLE_LABELS, auditActionLabel, auditTargetLabel } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Select, type SelectOption } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import { AUDIT_CHOICES_KEY, AUDIT_DEFAULTS, AUDIT_SORT_OPTIONS, auditApi, type AuditFilterChoices, type AuditParams } from './audit-api';

/** Keeps a chosen value in the list even when the choices do not have it (yet): a shared link still shows it. */
function withCurrent(options: SelectOption[], value: string, label: (value: string) => string): SelectOption[] {
  return value && !options.some((o) => o.value === value) ? [...options, { value, label: label(value) }] : options;
}

function actorOptions(choices: AuditFilterChoices | undefined): SelectOption[] {
  return (choices?.actors ?? []).map((a) => ({
    value: a.id,
    label: `${a.name}${a.email && a.email !== a.name ? ` (${a.email})` : ''}${a.role ? `, ${ADMIN_ROLE_LABELS[a.role]}` : ''}`,
  }));
}

/** The log's filters: the admin (by name), the action, the target, the period and the order. */
export function AuditFilters({ params, onApply }: { params: AuditParams; onApply: (next: AuditParams) => void }) {
  const [draft, setDraft] = useState(params);
  const choices = useQuery({ queryKey: AUDIT_CHOICES_KEY, queryFn: ({ signal }) => auditApi.choices(signal), staleTime: 60_000, meta: { silent: true } });
  const set = (key: keyof AuditParams) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, page: '1' });
  };
  const loading = choices.isPending ? 'Loading…' : choices.isError ? 'Could not load the list' : undefined;
  const actors = withCurrent([{ value: '', label: 'All admins' }, ...actorOptions(choices.data)], draft.actor, (id) => `Admin ${id.slice(0, 8)}…`);
  const actions = withCurrent([{ value: '', label: 'All actions' }, ...(choices.data?.actions ?? [])], draft.action, auditActionLabel);
  const targets = withCurrent([{ value: '', label: 'All targets' }, ...(choices.data?.targetTypes ?? [])], draft.targetType, auditTargetLabel);
  return (
    <form className="admin-audit__filters" aria-label="Audit log filters" role="search" onSubmit={submit}>
      <Select label="Admin" value={draft.actor} onChange={set('actor')} options={actors} hint={loading} />
      <Select label="Action" value={draft.action} onChange={set('action')} options={actions} />
      <Select label="Target" value={draft.targetType} onChange={set('targetType')} options={targets} />
      <TextField label="Target id" value={draft.targetId} onChange={set('targetId')} spellCheck={false} maxLength={200} />
      <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
      <TextField label="To" type="date" value={draft.to} onChange={set('to')} min={draft.from || undefined} />
      <Select label="Order" value={draft.sort} onChange={set('sort')} options={AUDIT_SORT_OPTIONS} />
      <div className="admin-audit__buttons">
        <Button type="submit">Show</Button>
        <Button variant="ghost" onClick={() => onApply({ ...AUDIT_DEFAULTS })}>
          Reset
        </Button>
      </div>
    </form>
  );
}
