import { formatUnitCount, MoneySafeguardsFormSchema } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formFailureMessage } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { SECURITY_QUERY_KEY, securityApi } from './security-api';
import { SettingsOutcome } from '../../shared/account-settings/settings-page';
import * as securityStyles from './security.module.css';

/**
 * Confirming it is you (decision 0050): every sale asks, and so does a transfer of more Units than
 * the amount set here. Lowering it is saved at once; raising it asks the person to confirm first
 * (the step-up dialog opens from the server's answer).
 */
export function TransferSafeguardSection({ above }: { above: number }) {
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const form = useForm(MoneySafeguardsFormSchema, { stepUpTransfersAbove: String(above) }, async (body, { showServerErrors }) => {
    setStatus('');
    setError('');
    try {
      setStatus((await securityApi.setSafeguards(body)).message);
      await client.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <section className={securityStyles.securitySection} aria-labelledby="security-confirm-title">
      <h2 id="security-confirm-title" className={securityStyles.securitySectionTitle}>
        Confirming it’s you
      </h2>
      <p>
        Before a sale, and before a transfer that takes what you sent in the last 24 hours above <strong>{formatUnitCount(above)}</strong>, we ask you to confirm it is you with your passkey, your
        authenticator app or, if you have set up neither, your password. Someone who gets into your session cannot sell your Units, or send more than that, without it.
      </p>
      <form {...form.formProps} className={securityStyles.securityThreshold} aria-labelledby="security-confirm-title">
        <TextField
          {...form.field('stepUpTransfersAbove')}
          className={securityStyles.securityThresholdField}
          label="Ask me for transfers above, in 24 hours (Units)"
          hint="A lower amount applies at once. A higher one asks you to confirm it is you first."
          inputMode="numeric"
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" loading={form.submitting} disabled={!form.ready}>
          Save
        </Button>
      </form>
      <SettingsOutcome status={status} error={error || form.loadError} />
    </section>
  );
}
