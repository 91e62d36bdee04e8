import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { checkedText } from '../../../shared/admin/form-checks';
import { useForm } from '../../../shared/lib/use-form';
import { ADMIN_COMMUNITY_KEY } from './admin-community-api';

export interface ReasonAction {
  title: string;
  /** What happens, in a sentence. */
  text: string;
  label: string;
  reasonLabel: string;
  danger?: boolean;
  maxLength: number;
  schema: z.ZodType;
  run: (reason: string) => Promise<{ message: string }>;
}

function ReasonForm({ action, onClose }: { action: ReasonAction; onClose: () => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  // Keyed by the action: its schema stays the same while it is open.
  const form = useForm(
    checkedText<{ reason: string }>((values) => action.schema.safeParse(values)),
    { reason: '' },
    async ({ reason }, { showServerErrors }) => {
      setFailure('');
      try {
        const answer = await action.run(reason);
        showToast(answer.message, 'success');
        void client.invalidateQueries({ queryKey: ADMIN_COMMUNITY_KEY });
        onClose();
      } catch (failed) {
        if (isApiError(failed) && failed.errors.reason) showServerErrors({ reason: failed.errors.reason });
        else setFailure(errorMessage(failed));
      }
    },
  );
  return (
    <form {...form.formProps}>
      <p>{action.text}</p>
      <TextArea {...form.field('reason')} label={action.reasonLabel} rows={3} maxChars={action.maxLength} />
      <DialogActions failure={failure} label={action.label} pending={form.submitting} danger={action.danger ?? false} onCancel={onClose} focusCancel />
    </form>
  );
}

/** An admin action that needs a reason someone will read (hiding, deciding an application). */
export function ReasonDialog({ action, onClose }: { action: ReasonAction | null; onClose: () => void }) {
  return (
    <Dialog open={action !== null} title={action?.title ?? ''} onClose={onClose}>
      {action ? <ReasonForm key={action.title + action.text} action={action} onClose={onClose} /> : null}
    </Dialog>
  );
}
