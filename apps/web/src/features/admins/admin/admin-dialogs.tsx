import { ADMIN_ROLE_HINTS, ADMIN_ROLE_LABELS, ADMIN_ROLES, InviteAdminSchema, type AdminRole } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { Select } from '../../../shared/ui/select';
import { EMAIL_INPUT, TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { ADMINS_ROOT, adminsApi, type AdminListItem } from './admins-api';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { useForm } from '../../../shared/lib/use-form';

/** The dialog open on the admins page: invite someone, or change or remove one admin. */
export type AdminDialog = { kind: 'invite' } | { kind: 'role'; admin: AdminListItem } | { kind: 'remove'; admin: AdminListItem };

const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] }));
export const adminLabel = (admin: AdminListItem) => admin.name || admin.email;

/** Sends a call, then tells the result, refreshes the list and closes; a refusal stays in the dialog. */
function useAdminAction(onClose: () => void) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** `showErrors` puts a 400's field messages under the form's fields (the invitation's form kit does). */
  const run = async (call: () => Promise<{ message: string }>, showErrors: (errors: Record<string, string>) => void = setErrors) => {
    if (pending) return;
    setFailure('');
    setPending(true);
    try {
      showToast((await call()).message, 'success');
      void client.invalidateQueries({ queryKey: ADMINS_ROOT });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
      onClose();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) showErrors(error.errors);
      else setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return { run, pending, failure, errors, setErrors };
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const action = useAdminAction(onClose);
  const form = useForm(InviteAdminSchema, { email: '', role: '' }, (data, { showServerErrors }) => action.run(() => adminsApi.invite(data), showServerErrors));
  const { role } = form.values;
  return (
    <form {...form.formProps}>
      <p>They get an email with a link to choose their name and password. The link works once, for 72 hours.</p>
      <TextField {...form.field('email')} label="Email" {...EMAIL_INPUT} data-autofocus="" />
      <Select
        {...form.field('role')}
        label="Role"
        options={[{ value: '', label: 'Choose a role' }, ...ROLE_OPTIONS]}
        hint={role ? ADMIN_ROLE_HINTS[role as AdminRole] : 'What they may do: you can change it later.'}
      />
      <DialogActions failure={action.failure} label="Send the invitation" pending={action.pending} onCancel={onClose} />
    </form>
  );
}

function RoleForm({ admin, onClose }: { admin: AdminListItem; onClose: () => void }) {
  const [role, setRole] = useState<AdminRole>(admin.role);
  const action = useAdminAction(onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(() => adminsApi.changeRole(admin, role));
  };
  return (
    <form noValidate method="post" onSubmit={submit}>
      <p>
        <strong>{adminLabel(admin)}</strong> is {ADMIN_ROLE_LABELS[admin.role]} now. A new role applies at once: they stay signed in and see the sections of the new role on their next click.
      </p>
      <Select
        label="New role"
        value={role}
        onChange={(e) => setRole(e.target.value as AdminRole)}
        options={ROLE_OPTIONS.map((o) => (o.value === admin.role ? { ...o, label: `${o.label} (current)` } : o))}
        hint={ADMIN_ROLE_HINTS[role]}
        error={action.errors.role}
      />
      <DialogActions failure={action.failure} label="Change the role" pending={action.pending} onCancel={onClose} />
    </form>
  );
}

function RemoveForm({ admin, onClose }: { admin: AdminListItem; onClose: () => void }) {
  const action = useAdminAction(onClose);
  const invited = admin.status === 'invited';
  return (
    <form
      noValidate
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void action.run(() => adminsApi.remove(admin));
      }}
    >
      <p>
        {invited ? (
          <>
            The invitation to <strong>{admin.email}</strong> is cancelled: its link stops working.
          </>
        ) : (
          <>
            <strong>{adminLabel(admin)}</strong> ({admin.email}) loses every admin right and is signed out everywhere at once. Their account stays, without admin rights, and their actions stay in the
            audit log.
          </>
        )}
      </p>
      <DialogActions failure={action.failure} label={invited ? 'Cancel the invitation' : 'Remove the admin'} pending={action.pending} danger onCancel={onClose} focusCancel />
    </form>
  );
}

const TITLES = { invite: 'Invite an admin', role: 'Change the role', remove: 'Remove this admin?' } as const;

/** The admins page's dialogs. */
export function AdminDialogs({ dialog, onClose }: { dialog: AdminDialog | null; onClose: () => void }) {
  const title = dialog ? (dialog.kind === 'remove' && dialog.admin.status === 'invited' ? 'Cancel this invitation?' : TITLES[dialog.kind]) : '';
  return (
    <Dialog open={dialog !== null} title={title} onClose={onClose}>
      {dialog?.kind === 'invite' ? <InviteForm onClose={onClose} /> : null}
      {dialog?.kind === 'role' ? <RoleForm key={dialog.admin.id} admin={dialog.admin} onClose={onClose} /> : null}
      {dialog?.kind === 'remove' ? <RemoveForm key={dialog.admin.id} admin={dialog.admin} onClose={onClose} /> : null}
    </Dialog>
  );
}
