import { formatMoment, formatUnitCount, TransferLimitFormSchema } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, formFailureMessage } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { SECURITY_QUERY_KEY, securityApi, type SecurityOverview } from './security-api';
import { SettingsOutcome } from '../../shared/account-settings/settings-page';
import * as securityStyles from './security.module.css';

/**
 * The person's daily transfer limit (decision 0051): none unless they set one. A lower limit
 * applies at once; a higher one, or none, asks them to confirm it is them (the step-up dialog
 * opens from the server's answer) and applies 24 hours later, which the section says.
 */
export function TransferLimitSection({ limit }: { limit: SecurityOverview['dailyTransferLimit'] }) {
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState(false);
  const saved = async (message: string) => {
    setStatus(message);
    await client.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
  };
  const form = useForm(TransferLimitFormSchema, { units: limit.units === null ? '' : String(limit.units) }, async (body, { showServerErrors }) => {
    setStatus('');
    setError('');
    try {
      await saved((await securityApi.setTransferLimit(body)).message);
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  const remove = async () => {
    setStatus('');
    setError('');
    setRemoving(true);
    try {
      await saved((await securityApi.setTransferLimit({ units: null })).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setRemoving(false);
    }
  };
  const { raise } = limit;
  return (
    <section className={securityStyles.securitySection} aria-labelledby="security-limit-title">
      <h2 id="security-limit-title" className={securityStyles.securitySectionTitle}>
        Daily transfer limit
      </h2>
      <p>
        {limit.units === null ? (
          <>You have no daily transfer limit. Set one to cap the Units you can transfer or schedule in any 24 hours.</>
        ) : (
          <>
            You can transfer or schedule at most <strong>{formatUnitCount(limit.units)}</strong> in any 24 hours.
          </>
        )}{' '}
        A lower limit applies at once. Raising or removing it asks you to confirm it is you and takes effect 24 hours later, so someone in your session cannot lift it and empty your account.
      </p>
      {raise ? (
        <p className={securityStyles.securityLimitRaise}>
          {raise.units === null ? 'Your limit will be removed' : <>Your limit will rise to {formatUnitCount(raise.units)}</>} on {formatMoment(new Date(raise.from))}. To stop this, save a lower limit.
        </p>
      ) : null}
      <form {...form.formProps} className={securityStyles.securityThreshold} aria-labelledby="security-limit-title">
        <TextField
          {...form.field('units')}
          className={securityStyles.securityThresholdField}
          label="Daily limit (Units)"
          hint="Units of every type together, in any 24 hours."
          inputMode="numeric"
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" loading={form.submitting} disabled={!form.ready || removing}>
          Save limit
        </Button>
      </form>
      {limit.units !== null && !(raise && raise.units === null) ? (
        <div className={securityStyles.securityLimitRemove}>
          <Button type="button" variant="secondary" loading={removing} disabled={form.submitting} onClick={() => void remove()}>
            Remove the limit
          </Button>
        </div>
      ) : null}
      <SettingsOutcome status={status} error={error || form.loadError} />
    </section>
  );
}
