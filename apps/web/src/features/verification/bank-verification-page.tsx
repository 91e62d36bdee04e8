import { BANK_VERIFICATION_LABELS } from '@landunits/domain';
import type { VerificationOverview } from '@landunits/domain/contracts';
import { MoneyHoldNotice } from '../../shared/verification/money-hold-notice';
import { BankForm } from './bank-form';
import { VerificationPage, VerificationStep, type ApprovedEditWords } from './verification-page';

const EDIT: ApprovedEditWords = {
  approved: 'Your bank details are approved.',
  editLabel: 'Edit my bank details',
  title: 'Edit your approved bank details?',
  keepLabel: 'Keep my approved details',
  consequences: (
    <>
      <p>When you save changes, your bank details go back to review. Until they are approved again:</p>
      <ul>
        <li>you cannot sell Units;</li>
        <li>and for 48 hours after the change, sales, transfers and payouts stay paused.</li>
      </ul>
    </>
  ),
};

function BankVerification({ overview }: { overview: VerificationOverview }) {
  const bank = overview.bank;
  const next = (
    <>
      <MoneyHoldNotice hold={overview.moneyHold} />
      {bank.status === 'UnVerified' || bank.status === 'Rejected' ? <p>Add the account that receives your sale money and a recent bank statement, then submit them for review.</p> : null}
      {bank.status === 'Saved' ? <p>Your bank details are saved. Submit them for review when everything is filled in.</p> : null}
    </>
  );
  return (
    <VerificationStep kind="bank" view={bank} label={BANK_VERIFICATION_LABELS[bank.status]} next={next} edit={EDIT}>
      {(locked) => <BankForm view={bank} locked={locked} />}
    </VerificationStep>
  );
}

/** /dashboard/settings/bank-verification: the bank account that receives sale money, its status and form. */
export function BankVerificationPage() {
  return (
    <VerificationPage title="Bank verification" lead="The bank account that receives the money when you sell Units." what="bank verification">
      {(overview) => <BankVerification overview={overview} />}
    </VerificationPage>
  );
}
