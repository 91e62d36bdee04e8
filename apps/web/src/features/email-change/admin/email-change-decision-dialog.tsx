import { RejectEmailChangeSchema } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { checkedText } from '../../../shared/admin/form-checks';
import { useForm } from '../../../shared/lib/use-form';
import { EMAIL_CHANGES_ROOT, emailChangesApi, type AdminEmailChangeItem } from './email-changes-api';

export type Decision = { kind: 'approve' | 'reject'; request: AdminEmailChangeItem };

const APPROVE_CHECK = checkedText<DecisionValues>();
const REJECT_CHECK = checkedText<DecisionValues>((values) => RejectEmailChangeSchema.safeParse(values));

type DecisionValues = { reason: string; internalNote: string };

function DecisionForm({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  const approve = decision.kind === 'approve';
  const { request } = decision;

  // Keyed by the kind: the check (rejecting needs a reason) stays the same while it is open.
  const form = useForm(approve ? APPROVE_CHECK : REJECT_CHECK, { reason: '', internalNote: '' }, async ({ reason, internalNote: note }, { showServerErrors }) => {
    try {
      const answer = approve ? await emailChangesApi.approve(request.id, note.trim()) : await emailChangesApi.reject(request.id, { reason, ...(note.trim() ? { internalNote: note } : {}) });
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: EMAIL_CHANGES_ROOT });
      onClose();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) showServerErrors(error.errors);
      else setFailure(errorMessage(error));
    }
  });

  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        if (!form.submitting) setFailure('');
        form.formProps.onSubmit(event);
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
      {approve ? null : <TextArea {...form.field('reason')} label="Reason (the person reads it)" rows={3} maxLength={500} hint="Up to 500 characters." />}
      <TextArea {...form.field('internalNote')} label="Internal note (optional, admins only)" rows={3} maxLength={1000} />
      <DialogActions failure={failure} label={approve ? 'Approve the change' : 'Reject the request'} pending={form.submitting} danger={!approve} onCancel={onClose} focusCancel />
    </form>
  );
}

/** Approve or reject one request; rejecting needs the reason the person will read. */
export function EmailChangeDecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const title = decision ? (decision.kind === 'approve' ? 'Approve this email change?' : 'Reject this email change?') : '';
  return (
    <Dialog open={decision !== null} title={title} onClose={onClose}>
      {decision ? <DecisionForm key={`${decision.kind}-${decision.request.id}`} decision={decision} onClose={onClose} /> : null}
    </Dialog>
  );
}
