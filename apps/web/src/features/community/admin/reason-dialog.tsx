import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@landunits/domain';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const send = async () => {
    if (pending) return;
    const parsed = action.schema.safeParse({ reason });
    if (!parsed.success) return setError(fieldErrors(parsed.error).reason);
    setError(undefined);
    setFailure('');
    setPending(true);
    try {
      const answer = await action.run(reason);
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: ADMIN_COMMUNITY_KEY });
      onClose();
    } catch (failed) {
      if (isApiError(failed) && failed.errors.reason) setError(failed.errors.reason);
      else setFailure(errorMessage(failed));
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      noValidate
      method="post"
      className="admin-dialog__form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p>{action.text}</p>
      <TextArea label={action.reasonLabel} value={reason} onChange={(e) => setReason(e.target.value)} error={error} rows={3} maxChars={action.maxLength} />
      <DialogActions failure={failure} label={action.label} pending={pending} danger={action.danger ?? false} onCancel={onClose} focusCancel />
    </form>
  );
}

/** An admin action that needs a reason someone will read (hiding, deciding an application). */
export function ReasonDialog({ action, onClose }: { action: ReasonAction | null; onClose: () => void }) {
  return (
    <Dialog open={action !== null} title={action?.title ?? ''} onClose={onClose} className="admin-dialog">
      {action ? <ReasonForm key={action.title + action.text} action={action} onClose={onClose} /> : null}
    </Dialog>
  );
}
