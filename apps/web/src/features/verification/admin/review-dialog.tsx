import { DOCUMENT_LABELS } from '@landunits/domain';
import { REVIEW_SLOTS, reviewDecisionSchema, type ReviewDecisionKind } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { checkedText } from '../../../shared/admin/form-checks';
import { useForm } from '../../../shared/lib/use-form';
import { VERIFICATIONS_ROOT, verificationsApi, type ReviewKind } from './verifications-api';

export interface ReviewAction {
  kind: ReviewKind;
  decision: ReviewDecisionKind;
}

const TITLES: Record<ReviewDecisionKind, string> = { approve: 'Approve', reject: 'Reject', reupload: 'Request re-upload' };
const KIND_NAMES: Record<ReviewKind, string> = { profile: 'profile', bank: 'bank details' };

type ReviewValues = { documentSlot: string; reason: string; internalNote: string };

/** The decision's body from the form's text: a reason unless approving, the note when written, the document for a re-upload. */
const bodyOf = (userId: string, action: ReviewAction, { reason, internalNote, documentSlot }: ReviewValues) => ({
  userId,
  decision: action.decision,
  ...(action.decision !== 'approve' ? { reason } : {}),
  ...(internalNote.trim() ? { internalNote } : {}),
  ...(action.decision === 'reupload' && documentSlot ? { documentSlot } : {}),
});

/** The decision's form: what the person reads (reason), what only admins read (note), and for a re-upload, which document. */
function ReviewForm({ userId, action, onDone }: { userId: string; action: ReviewAction; onDone: () => void }) {
  const client = useQueryClient();
  const slots = REVIEW_SLOTS[action.kind];
  const [failure, setFailure] = useState<string | null>(null);

  // Keyed by the kind and the decision: the check stays the same while it is open.
  const check = checkedText<ReviewValues>((values) => reviewDecisionSchema(slots).safeParse(bodyOf(userId, action, values)));
  const form = useForm(check, { documentSlot: '', reason: '', internalNote: '' }, async (values, { showServerErrors }) => {
    setFailure(null);
    try {
      const result = await verificationsApi.decide(action.kind, bodyOf(userId, action, values));
      showToast(result.message, 'success');
      void client.invalidateQueries({ queryKey: VERIFICATIONS_ROOT });
      onDone();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) showServerErrors(error.errors);
      setFailure(errorMessage(error));
      if (isApiError(error) && error.status === 409) void client.invalidateQueries({ queryKey: VERIFICATIONS_ROOT });
    }
  });

  return (
    <form {...form.formProps} aria-label={`${TITLES[action.decision]} the ${KIND_NAMES[action.kind]}`}>
      {action.decision === 'approve' ? <p>The person is emailed that their {KIND_NAMES[action.kind]} is approved.</p> : null}
      {action.decision === 'reupload' ? (
        <Select
          {...form.field('documentSlot')}
          label="Document to upload again"
          data-autofocus=""
          options={[{ value: '', label: 'Choose a document' }, ...slots.map((slot) => ({ value: slot, label: DOCUMENT_LABELS[slot] }))]}
        />
      ) : null}
      {action.decision !== 'approve' ? (
        <TextArea
          {...form.field('reason')}
          label="Reason for the person"
          hint="Emailed to the person and shown on their page. At most 500 characters."
          rows={3}
          maxLength={600}
          data-autofocus={action.decision === 'reject' ? '' : undefined}
        />
      ) : null}
      <TextArea
        {...form.field('internalNote')}
        label="Internal note (optional)"
        hint="Only admins read it. At most 1000 characters."
        rows={3}
        maxLength={1100}
        data-autofocus={action.decision === 'approve' ? '' : undefined}
      />
      <DialogActions failure={failure} label={TITLES[action.decision]} pending={form.submitting} danger={action.decision === 'reject'} onCancel={onDone} />
    </form>
  );
}

/** The dialog of one decision on one person's verification; closed while `action` is null. */
export function ReviewDialog({ userId, action, onClose }: { userId: string; action: ReviewAction | null; onClose: () => void }) {
  return (
    <Dialog open={action !== null} title={action ? `${TITLES[action.decision]}: ${KIND_NAMES[action.kind]}` : ''} onClose={onClose}>
      {action ? <ReviewForm key={`${action.kind}:${action.decision}`} userId={userId} action={action} onDone={onClose} /> : null}
    </Dialog>
  );
}
