import { fieldErrors } from '@landunits/domain';
import { RejectEmailChangeSchema } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { FieldError } from '../../shared/ui/field-parts';
import { showToast } from '../../shared/ui/toast-store';
import { EMAIL_CHANGES_ROOT, emailChangesApi, type AdminEmailChangeItem } from './email-changes-api';

export type Decision = { kind: 'approve' | 'reject'; request: AdminEmailChangeItem };

function TextArea({ label, value, onChange, error, maxLength, hint }: { label: string; value: string; onChange: (v: string) => void; error?: string | undefined; maxLength: number; hint?: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      <textarea id={id} className="field__control" rows={3} maxLength={maxLength} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} />
      <FieldError id={error ? `${id}-error` : undefined}>{error}</FieldError>
    </div>
  );
}

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
      {approve ? null : <TextArea label="Reason (the person reads it)" value={reason} onChange={setReason} error={errors.reason} maxLength={500} hint="Up to 500 characters." />}
      <TextArea label="Internal note (optional, admins only)" value={note} onChange={setNote} error={errors.internalNote} maxLength={1000} />
      {failure ? (
        <p className="admin-dialog__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="admin-dialog__actions">
        <Button type="submit" className={approve ? undefined : 'btn--danger'} loading={pending}>
          {approve ? 'Approve the change' : 'Reject the request'}
        </Button>
        <Button variant="ghost" onClick={onClose} data-autofocus="">
          Cancel
        </Button>
      </div>
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

