import { fieldErrors } from '@landunits/domain';
import { RejectEmailChangeSchema } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { EMAIL_CHANGES_ROOT, emailChangesApi, type AdminEmailChangeItem } from './email-changes-api';

export type Decision = { kind: 'approve' | 'reject'; request: AdminEmailChangeItem };

function DecisionForm({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const approve = decision.kind === 'approve';
  const { request } = decision;

  const send = async () => {
    if (pending) return;
    setFailure('');
    if (!approve) {
      const parsed = RejectEmailChangeSchema.safeParse({ reason, internalNote: note });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    }
    setErrors({});
    setPending(true);
    try {
      const answer = approve ? await emailChangesApi.approve(request.id, note.trim()) : await emailChangesApi.reject(request.id, { reason, ...(note.trim() ? { internalNote: note } : {}) });
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: EMAIL_CHANGES_ROOT });
      onClose();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) setErrors(error.errors);
      else setFailure(errorMessage(error));
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
      <p>
        {approve ? (
          <>
            <strong>{request.name}</strong> will use <strong>{request.newEmail}</strong> instead of {request.currentEmail}. Every session of theirs ends and both addresses are told.
          </>
        ) : (
          <>
            <strong>{request.name}</strong> keeps {request.currentEmail}. The reason is emailed to them.
          </>
        )}
      </p>
      {approve ? null : (
        <TextArea label="Reason (the person reads it)" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} rows={3} maxLength={500} hint="Up to 500 characters." />
      )}
      <TextArea label="Internal note (optional, admins only)" value={note} onChange={(e) => setNote(e.target.value)} error={errors.internalNote} rows={3} maxLength={1000} />
      <DialogActions failure={failure} label={approve ? 'Approve the change' : 'Reject the request'} pending={pending} danger={!approve} onCancel={onClose} focusCancel />
    </form>
  );
}

/** Approve or reject one request; rejecting needs the reason the person will read. */
export function EmailChangeDecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const title = decision ? (decision.kind === 'approve' ? 'Approve this email change?' : 'Reject this email change?') : '';
  return (
    <Dialog open={decision !== null} title={title} onClose={onClose} className="admin-dialog">
      {decision ? <DecisionForm key={`${decision.kind}-${decision.request.id}`} decision={decision} onClose={onClose} /> : null}
    </Dialog>
  );
}
