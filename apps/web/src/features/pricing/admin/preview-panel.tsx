import { basisPointsToPercent, formatMoney, formatPrice, type Currency, formatDay } from '@landunits/domain';
import { ProposalReasonSchema } from '@landunits/domain/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Table } from '../../../shared/ui/table';
import { TextArea } from '../../../shared/ui/text-area';
import { ChangeDiff, type Describe } from './change-requests';
import type { MoneyPreview } from './settings-api';
import * as settingsStyles from '../../../shared/admin/settings.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

type Example = MoneyPreview['workedExample']['current'];

const day = (iso: string) => formatDay(iso);
const percent = (basisPoints: number) => `${basisPointsToPercent(basisPoints)}%`;

export interface PreviewPanelProps {
  preview: MoneyPreview;
  describe: Describe;
  /** The form changed after this preview: it must be previewed again before sending. */
  outdated: boolean;
  sending: boolean;
  /** Server messages for the reason, or what went wrong. */
  reasonError?: string | undefined;
  failure: string;
  onSend: (reason: string) => void;
}

/**
 * What the proposed figures would do if approved now, as the server worked it out: today's prices
 * (which no approval changes) beside the prices of the day new terms would start, the worked
 * example of /fees with the fees in force and as proposed, and the land values. Then the reason
 * and the button that sends the proposal to a second admin.
 */
export function PreviewPanel({ preview, describe, outdated, sending, reasonError, failure, onSend }: PreviewPanelProps) {
  const [reason, setReason] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new preview is announced by moving the focus to it (it appears under the form).
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [preview]);
  const [localError, setLocalError] = useState<string | undefined>();
  const { current, proposed } = preview.workedExample;
  const currency = current.currency as Currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const effective = day(preview.effectiveDay);
  const lines: { key: string; label: string; pick: (e: Example) => string }[] = [
    { key: 'subtotal', label: `Subtotal (${proposed.units} × ${formatPrice(proposed.pricePerUnit, currency, 6)})`, pick: (e) => money(e.subTotal) },
    { key: 'buy-fee', label: 'Buy fee', pick: (e) => money(e.transactionFee) },
    { key: 'percentage', label: 'Card (Stripe) percentage fee', pick: (e) => `${money(e.percentageFee)} (${percent(e.percentageBasisPoints)})` },
    { key: 'fixed', label: 'Card (Stripe) fixed fee', pick: (e) => money(e.fixedFee) },
    { key: 'total', label: 'Total to pay', pick: (e) => money(e.paymentAmount) },
  ];

  const send = () => {
    const parsed = ProposalReasonSchema.safeParse({ reason });
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message);
      return;
    }
    setLocalError(undefined);
    onSend(parsed.data.reason);
  };

  return (
    <Card as="section" className={settingsStyles.settingsPreview} aria-labelledby="settings-preview-title">
      <h3 id="settings-preview-title" className={settingsStyles.settingsSubtitle} tabIndex={-1} ref={heading}>
        Preview: if approved today
      </h3>
      {outdated ? (
        <p className={settingsStyles.settingsWarning} role="status">
          The form has changed since this preview. Preview again before sending.
        </p>
      ) : null}
      <h4 className={settingsStyles.settingsPreviewHeading}>What changes</h4>
      <ChangeDiff changes={preview.changes} describe={describe} caption="What changes" />
      <h4 className={settingsStyles.settingsPreviewHeading}>Price of one Unit</h4>
      <p className={settingsStyles.settingsNote}>
        {preview.pricesChange
          ? `Today (${day(preview.priceDate)}) the prices stay as they are. The new prices start at 00:00 UTC tomorrow, ${effective}.`
          : `The price terms do not change. Today is ${day(preview.priceDate)}; tomorrow is ${effective}.`}
      </p>
      <Table
        caption="Price of one Unit"
        hideCaption
        rows={preview.prices}
        rowKey={(row) => row.unitType}
        columns={[
          { key: 'currency', header: 'Currency', rowHeader: true, cell: (row) => row.currency },
          { key: 'today', header: 'Today', numeric: true, cell: (row) => formatPrice(row.today, row.currency as Currency, 6) },
          { key: 'now', header: 'Tomorrow, as set now', numeric: true, cell: (row) => formatPrice(row.effectiveDayNow, row.currency as Currency, 6) },
          { key: 'proposed', header: 'Tomorrow, as proposed', numeric: true, cell: (row) => <strong>{formatPrice(row.effectiveDayProposed, row.currency as Currency, 6)}</strong> },
        ]}
      />
      <h4 className={settingsStyles.settingsPreviewHeading}>The worked example of /fees</h4>
      <p className={settingsStyles.settingsNote}>
        {proposed.units} {currency} Units at today’s price, paid by card (Stripe). Fees apply as soon as the change is approved.
      </p>
      <Table
        caption="The worked example of /fees"
        hideCaption
        rows={lines}
        rowKey={(line) => line.key}
        columns={[
          { key: 'line', header: 'Line', rowHeader: true, cell: (line) => line.label },
          { key: 'current', header: 'In force', numeric: true, cell: (line) => line.pick(current) },
          { key: 'proposed', header: 'Proposed', numeric: true, cell: (line) => <strong>{line.pick(proposed)}</strong> },
        ]}
      />
      <h4 className={settingsStyles.settingsPreviewHeading}>Land value</h4>
      <Table
        caption="Land value per currency"
        hideCaption
        rows={preview.landValues}
        rowKey={(row) => row.currency}
        columns={[
          { key: 'currency', header: 'Currency', rowHeader: true, cell: (row) => row.currency },
          { key: 'current', header: 'In force', numeric: true, cell: (row) => formatMoney(row.current, row.currency as Currency) },
          { key: 'proposed', header: 'Proposed', numeric: true, cell: (row) => <strong>{formatMoney(row.proposed, row.currency as Currency)}</strong> },
        ]}
      />
      <TextArea
        label="Why this change (the approver reads it)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={localError ?? reasonError}
        rows={3}
        maxLength={500}
        hint="Up to 500 characters."
      />
      <FormAlert className={adminStyles.adminDialogError}>{failure}</FormAlert>
      <Button className={settingsStyles.settingsPreviewSend} onClick={send} loading={sending} disabled={outdated}>
        Send for approval
      </Button>
    </Card>
  );
}
