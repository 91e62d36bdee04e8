import { BANK_VERIFICATION_LABELS } from '@landunits/domain';
import type { VerificationOverview } from '@landunits/domain/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button';
import { SellHoldNotice } from '../../shared/verification/sell-hold-notice';
import { BankForm } from './bank-form';
import { OverviewGate } from './overview-gate';
import { ConfirmDialog, StatusPanel, WithdrawSubmission } from './verification-status';
import './settings.css';

function BankVerification({ overview }: { overview: VerificationOverview }) {
  const bank = overview.bank;
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const approved = bank.status === 'Approved';
  const locked = bank.status === 'Pending' || (approved && !editing);

  return (
    <>
      <StatusPanel kind="bank" status={bank.status} label={BANK_VERIFICATION_LABELS[bank.status]} rejectionReason={bank.rejectionReason} reupload={bank.reupload}>
        <SellHoldNotice sellHoldUntil={bank.sellHoldUntil} />
        {bank.status === 'UnVerified' || bank.status === 'Rejected' ? <p>Add the account that receives your sale money and a recent bank statement, then submit them for review.</p> : null}
        {bank.status === 'Saved' ? <p>Your bank details are saved. Submit them for review when everything is filled in.</p> : null}
        {bank.status === 'Pending' ? <WithdrawSubmission kind="bank" /> : null}
        {approved && !editing ? (
          <div className="verification-actions">
            <p>Your bank details are approved.</p>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              Edit my bank details
            </Button>
          </div>
        ) : null}
      </StatusPanel>
      <ConfirmDialog
        open={asking}
        title="Edit your approved bank details?"
        confirmLabel="Edit my bank details"
        cancelLabel="Keep my approved details"
        onConfirm={() => {
          setAsking(false);
          setEditing(true);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>When you save changes, your bank details go back to review. Until they are approved again:</p>
        <ul>
          <li>you cannot sell Units;</li>
          <li>and for 48 hours after the change, new sells stay paused.</li>
        </ul>
      </ConfirmDialog>
      <BankForm view={bank} locked={locked} />
    </>
  );
}

/** /dashboard/settings/bank-verification: the bank account that receives sale money, its status and form. */
export function BankVerificationPage() {
  return (
    <div className="page settings-page">
      <p className="settings-back">
        <Link to="/dashboard/settings">Back to your profile</Link>
      </p>
      <h1 tabIndex={-1}>Bank verification</h1>
      <p className="page__lead">The bank account that receives the money when you sell Units.</p>
      <OverviewGate what="bank verification">{(overview) => <BankVerification overview={overview} />}</OverviewGate>
    </div>
  );
}
