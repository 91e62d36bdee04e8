import { BANK_MESSAGES, FILE_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { mockUploads, pdfFile, testOverview } from '../../test/verification-fixtures';
import { BANK_PATH, errorOf, isDisabled, openPage, saved } from './settings-test-utils';

const UPDATE = 'POST /api/user/update-bank';

const FILLED = {
  bankAccountName: 'Ada Lovelace',
  bankAccountNumber: '31926819',
  iban: '',
  swiftBic: '',
  bankName: 'Example Bank plc',
  bankAddress: '1 Example Street, London',
  bankCountry: 'United Kingdom',
  sortCode: '60-16-13',
  routingNumber: '',
};

describe('/dashboard/settings/bank-verification', () => {
  it('has every bank field, the statement upload and the status', async () => {
    await openPage(BANK_PATH, testOverview());
    const status = screen.getByRole('region', { name: /Bank verification:/ });
    expect(status.id).toBe('verification-status');
    expect(within(status).getByText('Not Verified')).toBeTruthy();
    for (const label of [
      'Account name',
      'Account number (optional)',
      'Sort code (optional)',
      'IBAN (optional)',
      'SWIFT/BIC (optional)',
      'Routing number (optional)',
      'Bank name (optional)',
      'Bank address (optional)',
      'Bank country (optional)',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText('Bank statement').getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png');
    expect(screen.getByText('Accepted: .jpeg, .png, .jpg, .pdf, or a photo from your phone')).toBeTruthy();
  });

  it('shows the SPEC bank messages by each field and the missing statement, first one focused', async () => {
    const uploads = mockUploads({});
    const { user } = await openPage(BANK_PATH, testOverview());
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(errorOf(screen.getByLabelText('Account name'))).toBe(BANK_MESSAGES.accountNameRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('Account name'));
    expect(errorOf(screen.getByLabelText('Account number (optional)'))).toBe(BANK_MESSAGES.accountOrIbanRequired);
    expect(errorOf(screen.getByLabelText('Bank statement'))).toBe('This document is required.');

    await user.type(screen.getByLabelText('Account name'), 'Al');
    await user.type(screen.getByLabelText('Account number (optional)'), '12a4');
    await user.type(screen.getByLabelText('IBAN (optional)'), 'gb33bukb');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(screen.getByLabelText('Account name'))).toBe('Account name must be at least 3 characters');
    expect(errorOf(screen.getByLabelText('Account number (optional)'))).toBe(BANK_MESSAGES.accountNumberDigits);
    expect(errorOf(screen.getByLabelText('IBAN (optional)'))).toBe(BANK_MESSAGES.ibanFormat);
    // A draft does not ask for the statement.
    expect(errorOf(screen.getByLabelText('Bank statement'))).toBe('');

    await user.clear(screen.getByLabelText('Account number (optional)'));
    await user.type(screen.getByLabelText('Account number (optional)'), '1234');
    expect(errorOf(screen.getByLabelText('Account number (optional)'))).toBe('Account number must be at least 5 digits');
    expect(uploads.calls).toHaveLength(0);
  });

  it('checks the statement file before sending', async () => {
    const { user } = await openPage(BANK_PATH, testOverview());
    await user.upload(screen.getByLabelText('Bank statement'), pdfFile('big.pdf', 8_388_609));
    expect(await screen.findByText(FILE_MESSAGES.tooLarge)).toBeTruthy();
    await user.upload(screen.getByLabelText('Bank statement'), new File(['<svg/>'], 'statement.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(FILE_MESSAGES.unsupported)).toBeTruthy();
  });

  it('Submit for review sends every bank field, verificationStatus Pending and the statement', async () => {
    const uploads = mockUploads({ [UPDATE]: () => saved(testOverview({ bank: { status: 'Pending' } }), 'Your bank details are submitted for review.') });
    const { user } = await openPage(BANK_PATH, testOverview());
    await user.type(screen.getByLabelText('Account name'), FILLED.bankAccountName);
    await user.type(screen.getByLabelText('Account number (optional)'), FILLED.bankAccountNumber);
    await user.type(screen.getByLabelText('Sort code (optional)'), FILLED.sortCode);
    await user.type(screen.getByLabelText('Bank name (optional)'), FILLED.bankName);
    await user.type(screen.getByLabelText('Bank address (optional)'), FILLED.bankAddress);
    await user.type(screen.getByLabelText('Bank country (optional)'), FILLED.bankCountry);
    await user.upload(screen.getByLabelText('Bank statement'), pdfFile('statement.pdf'));
    await screen.findByRole('button', { name: 'Remove statement.pdf' });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Your bank details are submitted for review.')).toBeTruthy();
    const body = uploads.calls[0]!.body;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'bankStatement'))).toEqual({ ...FILLED, verificationStatus: 'Pending' });
    expect((body.get('bankStatement') as File).name).toBe('statement.pdf');
    await waitFor(() => expect(isDisabled(screen.getByLabelText('Account name'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Withdraw submission' })).toBeTruthy();
  });

  it('says before saving changed details that new sells pause for 48 hours; Save sends verificationStatus Saved', async () => {
    const uploads = mockUploads({ [UPDATE]: () => saved(testOverview({ bank: { status: 'Saved', details: { ...FILLED, bankName: 'Other Bank' } } })) });
    const { user } = await openPage(BANK_PATH, testOverview({ bank: { status: 'Saved', details: FILLED } }));
    await user.clear(screen.getByLabelText('Bank name (optional)'));
    await user.type(screen.getByLabelText('Bank name (optional)'), 'Other Bank');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change your bank details?' });
    expect(dialog.textContent).toContain('New sells pause for 48 hours after bank details change.');
    expect(uploads.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save the new details' }));

    expect(await screen.findByText('Your details are saved.')).toBeTruthy();
    expect(uploads.calls[0]!.body.get('verificationStatus')).toBe('Saved');
    expect(uploads.calls[0]!.body.get('bankName')).toBe('Other Bank');
    expect(uploads.calls[0]!.body.get('bankStatement')).toBeNull();
  });

  it('shows the running cooling-off after changed details', async () => {
    const moneyHold = { reason: 'bank-details', startedAt: '2099-11-24T14:05:00.000Z', until: '2099-11-26T14:05:00.000Z' } as const;
    await openPage(BANK_PATH, testOverview({ bank: { status: 'Approved', details: FILLED }, moneyHold }));
    expect(screen.getByText(/Sales and transfers are paused until 26 Nov 2099, 14:05 UTC because your bank details changed/)).toBeTruthy();
  });

  it('does not mention a hold that has ended', async () => {
    const moneyHold = { reason: 'bank-details', startedAt: '2000-12-30T00:00:00.000Z', until: '2001-01-01T00:00:00.000Z' } as const;
    await openPage(BANK_PATH, testOverview({ bank: { status: 'Approved', details: FILLED }, moneyHold }));
    expect(screen.queryByText(/are paused until/)).toBeNull();
  });

  it('asks before editing approved bank details, saying selling stops until approved again', async () => {
    const { user } = await openPage(BANK_PATH, testOverview({ bank: { status: 'Approved', details: FILLED } }));
    expect(isDisabled(screen.getByLabelText('Account name'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Edit my bank details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your approved bank details?' });
    expect(dialog.textContent).toContain('you cannot sell Units');
    await user.click(within(dialog).getByRole('button', { name: 'Edit my bank details' }));
    expect(isDisabled(screen.getByLabelText('Account name'))).toBe(false);
  });

  it('withdraws a bank submission waiting for review', async () => {
    const { api, user } = await openPage(BANK_PATH, testOverview({ bank: { status: 'Pending', details: FILLED } }), {
      'POST /api/user/verification/withdraw': () => json(200, { ...testOverview({ bank: { status: 'Saved', details: FILLED } }), message: 'Withdrawn.' }),
    });
    expect(isDisabled(screen.getByLabelText('Account name'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Withdraw submission' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Withdraw your submission?' })).getByRole('button', { name: 'Withdraw submission' }));
    await waitFor(() => expect(isDisabled(screen.getByLabelText('Account name'))).toBe(false));
    expect(api.callsTo('POST /api/user/verification/withdraw').map((c) => c.body)).toEqual([{ verification: 'bank' }]);
  });

  it('puts the server’s field errors under bank fields and the statement', async () => {
    mockUploads({
      [UPDATE]: () => ({
        status: 400,
        body: { message: 'Please correct the highlighted fields.', code: 'VALIDATION_FAILED', errors: { iban: BANK_MESSAGES.ibanFormat, bankStatement: FILE_MESSAGES.tooLarge } },
      }),
    });
    const { user } = await openPage(BANK_PATH, testOverview());
    await user.type(screen.getByLabelText('Account name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeTruthy();
    expect(errorOf(screen.getByLabelText('IBAN (optional)'))).toBe(BANK_MESSAGES.ibanFormat);
    expect(errorOf(screen.getByLabelText('Bank statement'))).toBe(FILE_MESSAGES.tooLarge);
  });
});
