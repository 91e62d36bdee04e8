import { RejectSettingChangeSchema } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { checkedText } from '../../../shared/admin/form-checks';
import { useForm } from '../../../shared/lib/use-form';
import { ChangeDiff, type DecisionTarget, type Describe } from './change-requests';
import { SETTINGS_ROOT } from '../../../shared/admin/settings-parts';
import { settingsApi, type SectionBase } from './settings-api';

const WORDS = {
  approve: { title: 'Approve this change?', action: 'Approve and apply', lead: 'It applies as soon as you approve it (new prices from the next 00:00 UTC).' },
  reject: { title: 'Reject this change?', action: 'Reject the change', lead: 'Nothing changes. The proposer reads your reason.' },
  withdraw: { title: 'Withdraw your change?', action: 'Withdraw it', lead: 'Nothing changes, and the request is closed.' },
} as const;

/** Only rejecting needs a reason; approving and withdrawing send none. */
const NO_CHECK = checkedText<{ reason: string }>();
const REASON_CHECK = checkedText<{ reason: string }>((values) => RejectSettingChangeSchema.safeParse(values));

function DecisionForm({ base, target, describe, onClose }: { base: SectionBase; target: DecisionTarget; describe: Describe; onClose: () => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState('');
  const { verb, request } = target;
  const words = WORDS[verb];

  // Keyed by the verb: the check stays the same while it is open.
  const form = useForm(verb === 'reject' ? REASON_CHECK : NO_CHECK, { reason: '' }, async ({ reason }, { showServerErrors }) => {
    try {
      const answer = await settingsApi.decide(base, request.id, verb, verb === 'reject' ? reason : undefined);
      showToast(answer.message, 'success');
      // The site's prices and the dashboard follow an approved change.
      void client.invalidateQueries({ queryKey: SETTINGS_ROOT });
      if (verb === 'approve') void client.invalidateQueries();
      onClose();
    } catch (failed) {
      if (isApiError(failed) && failed.errors.reason) showServerErrors({ reason: failed.errors.reason });
      else setFailure(errorMessage(failed));
      void client.invalidateQueries({ queryKey: SETTINGS_ROOT });
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
      <p>{words.lead}</p>
      <ChangeDiff changes={request.changes} describe={describe} caption="The change" spaced />
      {verb === 'reject' ? <TextArea {...form.field('reason')} label="Reason (the proposer reads it)" rows={3} maxLength={500} hint="Up to 500 characters." /> : null}
      <DialogActions failure={failure} label={words.action} pending={form.submitting} danger={verb === 'reject'} onCancel={onClose} focusCancel />
    </form>
  );
}

/** Approve, reject (with a reason) or withdraw one change request. */
export function SettingDecisionDialog({ base, target, describe, onClose }: { base: SectionBase; target: DecisionTarget | null; describe: Describe; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target ? WORDS[target.verb].title : ''} onClose={onClose}>
      {target ? <DecisionForm key={`${target.verb}-${target.request.id}`} base={base} target={target} describe={describe} onClose={onClose} /> : null}
    </Dialog>
  );
}
