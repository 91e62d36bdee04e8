import { ADMIN_ROLE_LABELS, auditActionLabel, auditTargetLabel } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useFilterForm } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { Select, type SelectOption } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import { DateField } from '../../../shared/ui/date-field';
import { AUDIT_CHOICES_KEY, AUDIT_DEFAULTS, AUDIT_SORT_OPTIONS, auditApi, type AuditFilterChoices, type AuditParams } from './audit-api';
import * as styles from './audit.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

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
  const { actor, action, targetType, targetId, from, to, sort } = params;
  const form = useFilterForm({ actor, action, targetType, targetId, from, to, sort }, (values) => onApply({ ...values, page: '1' }));
  const draft = form.values;
  const choices = useQuery({ queryKey: AUDIT_CHOICES_KEY, queryFn: ({ signal }) => auditApi.choices(signal), staleTime: 60_000, meta: { silent: true } });
  const loading = choices.isPending ? 'Loading…' : choices.isError ? 'Could not load the list' : undefined;
  const actors = withCurrent([{ value: '', label: 'All admins' }, ...actorOptions(choices.data)], draft.actor, (id) => `Admin ${id.slice(0, 8)}…`);
  const actions = withCurrent([{ value: '', label: 'All actions' }, ...(choices.data?.actions ?? [])], draft.action, auditActionLabel);
  const targets = withCurrent([{ value: '', label: 'All targets' }, ...(choices.data?.targetTypes ?? [])], draft.targetType, auditTargetLabel);
  return (
    <form {...form.formProps} className={adminStyles.adminAuditFilters} aria-label="Audit log filters" role="search">
      <Select {...form.field('actor')} label="Admin" options={actors} hint={loading} />
      <Select {...form.field('action')} label="Action" options={actions} />
      <Select {...form.field('targetType')} label="Target" options={targets} />
      <TextField {...form.field('targetId')} label="Target id" spellCheck={false} maxLength={200} />
      <DateField {...form.field('from')} label="From" />
      <DateField {...form.field('to')} label="To" min={draft.from || undefined} />
      <Select {...form.field('sort')} label="Order" options={AUDIT_SORT_OPTIONS} />
      <div className={styles.adminAuditButtons}>
        <Button type="submit">Show</Button>
        <Button variant="ghost" onClick={() => onApply({ ...AUDIT_DEFAULTS })}>
          Reset
        </Button>
      </div>
    </form>
  );
}
