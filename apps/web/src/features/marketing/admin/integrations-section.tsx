import { MARKETING_SCRIPT_CATEGORIES, MarketingSettingsSchema, SECRET_MASK, type MarketingSettings } from '@landunits/domain';
import { MARKETING_CONTRACTS as C, MARKETING_SETTINGS_PATH, type MarketingSettingsView } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { call } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/api-error';
import { useForm } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Select } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { SectionLoading } from '../../../shared/admin/section-loading';
import { formFailure, SETTINGS_ROOT, whenText } from '../../../shared/admin/settings-parts';
import * as styles from '../../../shared/admin/settings.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

const KEY = [...SETTINGS_ROOT, MARKETING_SETTINGS_PATH.replace(/^\/api/, '')] as const;
const CATEGORY_OPTIONS = MARKETING_SCRIPT_CATEGORIES.map((c) => ({ value: c, label: c }));

type Name = keyof MarketingSettings;

function IntegrationsForm({ current }: { current: MarketingSettingsView }) {
  const client = useQueryClient();
  const initial = useMemo<Record<Name, string>>(
    () => ({ trackerUrl: current.trackerUrl, trackerSecret: current.trackerSecret, scriptUrl: current.scriptUrl, scriptCategory: current.scriptCategory }),
    [current],
  );
  const [failure, setFailure] = useState('');
  const form = useForm<Name, MarketingSettings>(MarketingSettingsSchema, initial, async (value, { showServerErrors }) => {
    setFailure('');
    try {
      const saved = await call(C.adminUpdateMarketingSettings, { body: value });
      client.setQueryData(KEY, saved);
      showToast('The marketing integrations are saved.', 'success');
    } catch (error) {
      const failure = formFailure(error, showServerErrors);
      if (failure) setFailure(failure);
    }
  });
  const category = form.field('scriptCategory');

  return (
    <form {...form.formProps} className={styles.settingsForm} aria-labelledby="integrations-form-title">
      <h3 id="integrations-form-title" className={styles.settingsSubtitle}>
        Change the integrations
      </h3>
      <fieldset className={styles.settingsFieldset}>
        <legend className={styles.settingsFieldsetLegend}>Marketing tracker</legend>
        <p className={styles.settingsFieldsetApplies}>
          The tracking data of confirmations and orders (tracking cookie, page, campaign) is sent here by a background job, retried when the tracker fails. Empty: nothing is sent; it stays stored with
          the order or the account.
        </p>
        <div className={`${styles.settingsFieldsetFields} ${styles.settingsFieldsetFieldsText}`}>
          <TextField {...form.field('trackerUrl')} label="Tracker endpoint (https://…)" type="url" autoComplete="off" spellCheck={false} maxLength={2000} />
          <TextField
            {...form.field('trackerSecret')}
            label="Secret sent as a bearer token (optional)"
            hint={current.hasTrackerSecret ? `Stored; shown as ${SECRET_MASK}. Leave as it is to keep it, empty it to remove it.` : 'Sent in the Authorization header; never shown again.'}
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
          />
        </div>
      </fieldset>
      <fieldset className={styles.settingsFieldset}>
        <legend className={styles.settingsFieldsetLegend}>Analytics or heatmap script</legend>
        <p className={styles.settingsFieldsetApplies}>
          Loaded on every page, only after a visitor accepts its cookie category; the content security policy admits its site only while it is set. Empty: no script.
        </p>
        <div className={`${styles.settingsFieldsetFields} ${styles.settingsFieldsetFieldsText}`}>
          <TextField {...form.field('scriptUrl')} label="Script address (https://…)" type="url" autoComplete="off" spellCheck={false} maxLength={2000} />
          <Select {...category} onChange={(event) => category.onChange(event as unknown as ChangeEvent<HTMLInputElement>)} label="Cookie category it needs" options={CATEGORY_OPTIONS} />
        </div>
      </fieldset>
      <FormAlert className={adminStyles.adminDialogError}>{failure}</FormAlert>
      <Button type="submit" className={styles.settingsFormSubmit} loading={form.submitting} disabled={!form.ready}>
        Save the integrations
      </Button>
    </form>
  );
}

/**
 * /admin/settings/integrations (permission settings.integrations, the owner's): the marketing
 * tracker and the consent-gated analytics script (decision 0031). Saved at once and audited.
 */
export function IntegrationsSection() {
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(C.adminMarketingSettings, { signal }), staleTime: 0, meta: { silent: true } });

  let body: ReactNode;
  if (query.isPending) body = <SectionLoading label="Loading the integrations…" />;
  else if (query.isError) body = <ErrorState title="The integrations could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else {
    const data = query.data;
    const { done, pending, failed, lastDoneAt } = data.forwarding;
    body = (
      <>
        <p className={styles.settingsNote}>
          {data.updatedAt ? `Version ${data.version}, last changed ${whenText(data.updatedAt)}.` : 'Nothing is configured: no tracking data is sent and no script is loaded.'}
        </p>
        <p className={styles.settingsNote} data-testid="forwarding-counts">
          Tracking data forwarded: {done}
          {lastDoneAt ? ` (last ${whenText(lastDoneAt)})` : ''}; waiting or retrying: {pending}; given up: {failed}.
        </p>
        <IntegrationsForm key={data.version} current={data} />
      </>
    );
  }

  return (
    <div className={styles.settingsSection} aria-busy={query.isFetching || undefined}>
      <h2 className={adminStyles.adminOrdersTitle}>Integrations</h2>
      {body}
    </div>
  );
}
