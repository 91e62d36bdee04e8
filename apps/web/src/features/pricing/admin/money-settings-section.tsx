import { displayValue, MONEY_SETTING_FIELDS, type MoneyFigures, formatDay } from '@landunits/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/ui/error-state';
import { SectionLoading } from '../../../shared/admin/section-loading';
import { PendingRequests, RequestHistory, type DecisionTarget, type Describe } from './change-requests';
import { SettingDecisionDialog } from './decision-dialog';
import { MoneySettingsForm } from './money-settings-form';
import { whenText } from '../../../shared/admin/settings-parts';
import { sectionKey, settingsApi } from './settings-api';
import * as styles from '../../../shared/admin/settings.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const FIELDS = new Map(MONEY_SETTING_FIELDS.map((field) => [field.path, field]));

/** A money setting's label and how its value reads (percents, amounts, Units…). */
export const describeMoney: Describe = (path) => {
  const field = FIELDS.get(path);
  if (!field) return { label: path, show: (value) => String(value ?? '') };
  return { label: field.label, show: (value) => displayValue(field, value) };
};

/**
 * /admin/settings: the money settings (permission settings.money). Changes waiting for a second
 * admin at the top (approve, reject or withdraw), then the form to propose one with its preview,
 * then the history. Nobody approves their own change: the server refuses it and the page offers
 * no such button.
 */
export function MoneySettingsSection() {
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [formKey, setFormKey] = useState(0);
  const query = useQuery({
    queryKey: sectionKey('/admin/settings', page),
    queryFn: ({ signal }) => settingsApi.money(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

  let body: ReactNode;
  if (query.isPending) body = <SectionLoading label="Loading the money settings…" />;
  else if (query.isError) body = <ErrorState title="The money settings could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else {
    const data = query.data;
    body = (
      <>
        <p className={styles.settingsNote}>
          {data.updatedAt ? `Version ${data.version}, last changed ${whenText(data.updatedAt)}.` : 'The default settings apply: nothing has been changed yet.'}
          {data.pricesToday
            ? ` Today’s prices still follow the earlier terms (growth ${describeMoney('growthPerYear').show(data.pricesToday.growthPerYear)}); the figures below apply from 00:00 UTC on ${formatDay(data.pricesToday.until)}.`
            : ''}
        </p>
        <PendingRequests requests={data.pending} describe={describeMoney} onDecide={setTarget} />
        <MoneySettingsForm key={`${formKey}-${data.version}`} current={data.current as MoneyFigures} describe={describeMoney} onProposed={() => setFormKey((n) => n + 1)} />
        <RequestHistory requests={data.history} total={data.total} page={data.page} pageSize={data.pageSize} describe={describeMoney} onPage={setPage} />
      </>
    );
  }

  return (
    <div className={styles.settingsSection} aria-busy={query.isFetching || undefined}>
      <h2 className={adminStyles.adminOrdersTitle}>Money settings</h2>
      {body}
      <SettingDecisionDialog base="/admin/settings" target={target} describe={describeMoney} onClose={() => setTarget(null)} />
    </div>
  );
}
