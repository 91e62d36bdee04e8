import { DOCUMENT_LABELS, fieldErrors } from '@landunits/domain';
import { REVIEW_SLOTS, reviewDecisionSchema, type ReviewDecisionKind } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { VERIFICATIONS_ROOT, verificationsApi, type ReviewKind } from './verifications-api';

export interface ReviewAction {
  kind: ReviewKind;
  decision: ReviewDecisionKind;
}

const TITLES: Record<ReviewDecisionKind, string> = { approve: 'Approve', reject: 'Reject', reupload: 'Request re-upload' };
const KIND_NAMES: Record<ReviewKind, string> = { profile: 'profile', bank: 'bank details' };

type Errors = Partial<Record<'reason' | 'internalNote' | 'documentSlot', string>>;

/** The decision's form: what the person reads (reason), what only admins read (note), and for a re-upload, which document. */
function ReviewForm({ userId, action, onDone }: { userId: string; action: ReviewAction; onDone: () => void }) {
  const client = useQueryClient();
  const slots = REVIEW_SLOTS[action.kind];
  const [reason, setReason] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const [documentSlot, setDocumentSlot] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const body = () => ({
    userId,
    decision: action.decision,
    ...(action.decision !== 'approve' ? { reason } : {}),
    ...(internalNote.trim() ? { internalNote } : {}),
    ...(action.decision === 'reupload' && documentSlot ? { documentSlot } : {}),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const checked = reviewDecisionSchema(slots).safeParse(body());
    if (!checked.success) {
      const found = fieldErrors(checked.error) as Errors;
      setErrors(found);
      const first = (['documentSlot', 'reason', 'internalNote'] as const).find((f) => found[f]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      const result = await verificationsApi.decide(action.kind, body());
      showToast(result.message, 'success');
      void client.invalidateQueries({ queryKey: VERIFICATIONS_ROOT });
      onDone();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) setErrors(error.errors as Errors);
      setFailure(errorMessage(error));
      if (isApiError(error) && error.status === 409) void client.invalidateQueries({ queryKey: VERIFICATIONS_ROOT });
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate aria-label={`${TITLES[action.decision]} the ${KIND_NAMES[action.kind]}`} onSubmit={(event) => void submit(event)}>
      {action.decision === 'approve' ? <p>The person is emailed that their {KIND_NAMES[action.kind]} is approved.</p> : null}
      {action.decision === 'reupload' ? (
        <Select
          label="Document to upload again"
          name="documentSlot"
          value={documentSlot}
          error={errors.documentSlot}
          data-autofocus=""
          onChange={(event) => setDocumentSlot(event.target.value)}
          options={[{ value: '', label: 'Choose a document' }, ...slots.map((slot) => ({ value: slot, label: DOCUMENT_LABELS[slot] }))]}
        />
      ) : null}
      {action.decision !== 'approve' ? (
        <TextArea
          name="reason"
          label="Reason for the person"
          hint="Emailed to the person and shown on their page. At most 500 characters."
          value={reason}
          error={errors.reason}
          rows={3}
          maxLength={600}
          data-autofocus={action.decision === 'reject' ? '' : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      <TextArea
        name="internalNote"
        label="Internal note (optional)"
        hint="Only admins read it. At most 1000 characters."
        value={internalNote}
        error={errors.internalNote}
        rows={3}
        maxLength={1100}
        data-autofocus={action.decision === 'approve' ? '' : undefined}
        onChange={(event) => setInternalNote(event.target.value)}
      />
      <DialogActions failure={failure} label={TITLES[action.decision]} pending={pending} danger={action.decision === 'reject'} onCancel={onDone} />
    </form>
  );
}

/** The dialog of one decision on one person's verification; closed while `action` is null. */
export function ReviewDialog({ userId, action, onClose }: { userId: string; action: ReviewAction | null; onClose: () => void }) {
  return (
    <Dialog open={action !== null} title={action ? `${TITLES[action.decision]}: ${KIND_NAMES[action.kind]}` : ''} onClose={onClose} className="admin-dialog">
      {action ? <ReviewForm key={`${action.kind}:${action.decision}`} userId={userId} action={action} onDone={onClose} /> : null}
    </Dialog>
  );
}
