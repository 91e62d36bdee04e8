import { FILE_MESSAGES, PROFILE_MESSAGES } from '@landunits/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json } from '../../test/api-mock';
import { mockUploads, pdfFile, pngFile, testOverview } from '../../test/verification-fixtures';
import { errorOf, isDisabled, openPage, PROFILE_PATH, saved, setValue } from './settings-test-utils';
import { DATE_UNREADABLE } from '../../shared/ui/date-field';

const UPDATE = 'POST /api/user/update_profile';
type User = Awaited<ReturnType<typeof openPage>>['user'];

async function fillPersonalDetails(user: User) {
  await user.type(screen.getByLabelText('House number or name'), '12');
  await user.type(screen.getByLabelText('Street address'), 'St James’s Square');
  await user.type(screen.getByLabelText('Town/City'), 'London');
  await user.type(screen.getByLabelText('Postcode'), 'SW1Y 4JH');
  await user.type(screen.getByLabelText('Country'), 'United Kingdom');
  await user.type(screen.getByLabelText('Country code'), '+44');
  await user.type(screen.getByLabelText('Phone number'), '7700900123');
  await user.type(screen.getByLabelText('Passport number'), 'AB123456');
  await user.type(screen.getByLabelText('Issuing country'), 'United Kingdom');
  setValue('Start date', '2020-01-15');
  setValue('Expiry date', '2099-01-14');
}

describe('/dashboard/settings/profile-verification', () => {
  it('shows the Personal Details step with the status, the upload hint and what files it accepts', async () => {
    await openPage(PROFILE_PATH, testOverview());
    const status = screen.getByRole('region', { name: /Profile verification:/ });
    expect(status.id).toBe('verification-status');
    expect(within(status).getByText('Missing/Incorrect data')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Verifying your profile' }).textContent).toContain('Step 1 of 3: Fill in and upload');
    expect(screen.getByRole('heading', { name: 'Personal Details' })).toBeTruthy();
    const passport = screen.getByLabelText('Passport');
    expect(passport.getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png');
    expect(passport).toHaveProperty('type', 'file');
    expect(screen.getAllByText('Accepted: .jpeg, .png, .jpg, .pdf, or a photo from your phone').length).toBe(2);
    // No camera button on a desktop.
    expect(screen.queryByRole('button', { name: /Take a photo/ })).toBeNull();
    expect(screen.getByText('0 of 300 characters')).toBeTruthy();
  });

  it('submitting needs every field and the passport: the SPEC messages by each field, the first one focused', async () => {
    const { user } = await openPage(PROFILE_PATH, testOverview({ profile: { details: { ...testOverview().profile.details, firstName: '' } } }));
    const uploads = mockUploads({});
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(errorOf(screen.getByLabelText('First name'))).toBe(PROFILE_MESSAGES.firstNameRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(errorOf(screen.getByLabelText('House number or name'))).toBe(PROFILE_MESSAGES.houseNumberRequired);
    expect(errorOf(screen.getByLabelText('Town/City'))).toBe(PROFILE_MESSAGES.townCityRequired);
    expect(errorOf(screen.getByLabelText('Phone number'))).toBe(PROFILE_MESSAGES.phoneRequired);
    expect(errorOf(screen.getByLabelText('Passport number'))).toBe(PROFILE_MESSAGES.passportNumberRequired);
    expect(errorOf(screen.getByLabelText('Expiry date'))).toBe(PROFILE_MESSAGES.expiryDateRequired);
    expect(errorOf(screen.getByLabelText('Passport'))).toBe('This document is required.');
    expect(uploads.calls).toHaveLength(0);
  });

  it('checks what is typed with the SPEC rules: lengths, digits, passport number and dates', async () => {
    const { user } = await openPage(PROFILE_PATH, testOverview());
    await user.type(screen.getByLabelText('Town/City'), 'Ly');
    await user.type(screen.getByLabelText('Postcode'), 'E1');
    await user.type(screen.getByLabelText('Phone number'), '12ab');
    await user.type(screen.getByLabelText('Passport number'), 'AB-1');
    setValue('Expiry date', '2001-01-01');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(errorOf(screen.getByLabelText('Town/City'))).toBe('Town/City must be at least 3 characters');
    expect(errorOf(screen.getByLabelText('Postcode'))).toBe('Postcode must be at least 3 characters');
    expect(errorOf(screen.getByLabelText('Phone number'))).toBe('Phone number must contain digits only');
    expect(errorOf(screen.getByLabelText('Passport number'))).toBe('Passport number must be 6 to 20 letters or digits');
    expect(errorOf(screen.getByLabelText('Expiry date'))).toBe('Expiry date must be in the future');
    // A draft does not ask for what is still empty.
    expect(errorOf(screen.getByLabelText('House number or name'))).toBe('');

    setValue('Start date', '2099-06-01');
    setValue('Expiry date', '2099-01-01');
    await waitFor(() => expect(errorOf(screen.getByLabelText('Expiry date'))).toBe('Expiry date must be greater than Start date'));
    // Dates are read day first whatever the browser's own date order: 01/06/2020 is 1 June 2020.
    setValue('Start date', '01/06/2020');
    await waitFor(() => expect(errorOf(screen.getByLabelText('Start date'))).toBe(''));
    // The expiry date is checked again against the start date.
    await waitFor(() => expect(errorOf(screen.getByLabelText('Expiry date'))).toBe(''));
    setValue('Start date', '2020-02-30');
    await waitFor(() => expect(errorOf(screen.getByLabelText('Start date'))).toBe(DATE_UNREADABLE));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '123');
    expect(errorOf(screen.getByLabelText('Phone number'))).toBe('Phone number must be at least 6 digits');
  });

  it('counts the note and refuses more than 300 characters', async () => {
    const { user } = await openPage(PROFILE_PATH, testOverview());
    const note = screen.getByLabelText('Note for our team (optional)');
    await user.click(note);
    await user.paste('x'.repeat(301));
    await user.tab();
    expect(await screen.findByText('301 of 300 characters')).toBeTruthy();
    expect(errorOf(note)).toBe('Note must be at most 300 characters');
  });

  it('checks files before sending: too large, not a PDF/JPEG/PNG by its first bytes; previews what is chosen', async () => {
    const { user } = await openPage(PROFILE_PATH, testOverview());
    const passport = screen.getByLabelText('Passport');

    await user.upload(passport, pdfFile('big.pdf', 8_388_609));
    expect(await screen.findByText(FILE_MESSAGES.tooLarge)).toBeTruthy();
    expect(errorOf(passport)).toBe('File too large. Please upload a file less than 8Mb');

    await user.upload(passport, new File(['GIF89a……'], 'renamed.png', { type: 'image/png' }));
    expect(await screen.findByText(FILE_MESSAGES.unsupported)).toBeTruthy();
    expect(errorOf(passport)).toBe('Unsupported file type. Please upload a PDF, JPEG, or PNG.');

    await user.upload(passport, pngFile('photo.png'));
    const preview = await screen.findByRole('img', { name: 'Preview of photo.png' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(errorOf(passport)).toBe('');

    const bill = pdfFile('utility-bill.pdf');
    await user.upload(screen.getByLabelText(/Optional document/), bill);
    expect(await screen.findByText('PDF')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove utility-bill.pdf' })).toBeTruthy();
    expect(screen.getByText(`(${bill.size} B, sent when you save)`)).toBeTruthy();
  });

  it('takes a file dropped on the field, with the same checks as one chosen', async () => {
    await openPage(PROFILE_PATH, testOverview());
    const passport = screen.getByLabelText('Passport');
    const field = passport.closest('div')!;
    expect(field.textContent).toContain('Choose a file, or drop it here.');
    const dropped = (file: File) => ({ dataTransfer: { files: [file], types: ['Files'], dropEffect: 'none' } });

    fireEvent.dragOver(field, dropped(pdfFile('big.pdf', 8_388_609)));
    fireEvent.drop(field, dropped(pdfFile('big.pdf', 8_388_609)));
    await waitFor(() => expect(errorOf(passport)).toBe(FILE_MESSAGES.tooLarge));

    fireEvent.drop(field, dropped(pngFile('scan.png')));
    expect(await screen.findByRole('img', { name: 'Preview of scan.png' })).toBeTruthy();
    expect(errorOf(passport)).toBe('');
  });

  it('offers Take a photo (the back camera) on a touch device', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query === '(pointer: coarse)' ? true : original(query).matches });
    try {
      await openPage(PROFILE_PATH, testOverview());
      const button = screen.getByRole('button', { name: 'Take a photo for Passport' });
      expect(button).toBeTruthy();
      const camera = document.querySelector('input[capture="environment"]');
      expect(camera?.getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png');
    } finally {
      window.matchMedia = original;
    }
  });

  it('Save sends a draft: names, email, kycInfo with kycStatus Saved, and the chosen passport file', async () => {
    const after = testOverview({ profile: { status: 'Saved' } });
    const uploads = mockUploads({ [UPDATE]: () => saved(after, 'Your profile is saved.') });
    const { user } = await openPage(PROFILE_PATH, testOverview());
    await user.type(screen.getByLabelText('Town/City'), ' Leeds ');
    const file = pdfFile('passport.pdf');
    await user.upload(screen.getByLabelText('Passport'), file);
    await screen.findByRole('button', { name: 'Remove passport.pdf' });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
    expect(uploads.calls).toHaveLength(1);
    const call = uploads.calls[0]!;
    expect(call.headers).toEqual({ Accept: 'application/json' });
    expect(call.withCredentials).toBe(true);
    expect(call.body.get('firstName')).toBe('Ada');
    expect(call.body.get('lastName')).toBe('Lovelace');
    expect(call.body.get('email')).toBe('ada@example.com');
    const kyc = JSON.parse(call.body.get('kycInfo') as string) as Record<string, unknown>;
    expect(kyc).toMatchObject({ kycStatus: 'Saved', firstName: 'Ada', address: { townCity: 'Leeds', houseNumber: '' }, optionalNote: '' });
    expect((call.body.get('passportFile') as File).name).toBe('passport.pdf');
    expect(call.body.get('optionalDocument')).toBeNull();
    // The page shows the new status.
    expect(within(screen.getByRole('region', { name: /Profile verification:/ })).getByText('Info Saved - Submit Now')).toBeTruthy();
  });

  it('Submit for review sends everything with kycStatus Pending, showing the upload progress', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    let report: ((loaded: number, total: number) => void) | undefined;
    const uploads = mockUploads({
      [UPDATE]: (call) => {
        report = call.progress;
        return answer.promise;
      },
    });
    const { user } = await openPage(PROFILE_PATH, testOverview());
    await fillPersonalDetails(user);
    await user.upload(screen.getByLabelText('Passport'), pngFile('passport.png'));
    await screen.findByRole('img', { name: 'Preview of passport.png' });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    await waitFor(() => expect(report).toBeDefined());
    report!(50, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    answer.resolve(saved(testOverview({ profile: { status: 'Pending' } }), 'Your profile is submitted for review.'));
    expect(await screen.findByText('Your profile is submitted for review.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    const kyc = JSON.parse(uploads.calls[0]!.body.get('kycInfo') as string) as Record<string, unknown>;
    expect(kyc).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: { houseNumber: '12', streetAddress: 'St James’s Square', townCity: 'London', postcode: 'SW1Y 4JH', country: 'United Kingdom' },
      contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7700900123' },
      optionalNote: '',
      passport: { passportNumber: 'AB123456', issuingCountry: 'United Kingdom', startDate: '2020-01-15', expiryDate: '2099-01-14' },
      kycStatus: 'Pending',
    });
    expect((uploads.calls[0]!.body.get('passportFile') as File).name).toBe('passport.png');
    // Pending: read-only.
    await waitFor(() => expect(isDisabled(screen.getByLabelText('Town/City'))).toBe(true));
  });

  it('puts the server’s field errors under their fields, files included', async () => {
    mockUploads({
      [UPDATE]: () => ({
        status: 400,
        body: {
          message: 'Please correct the highlighted fields.',
          code: 'VALIDATION_FAILED',
          errors: { 'address.townCity': 'Town/City must be at least 3 characters', 'passport.expiryDate': 'Expiry date must be in the future', passportFile: FILE_MESSAGES.unsupported },
        },
      }),
    });
    const { user } = await openPage(PROFILE_PATH, testOverview());
    await user.upload(screen.getByLabelText('Passport'), pdfFile());
    await screen.findByRole('button', { name: 'Remove passport.pdf' });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please correct the highlighted fields.')).toBeTruthy();
    expect(errorOf(screen.getByLabelText('Town/City'))).toBe('Town/City must be at least 3 characters');
    expect(errorOf(screen.getByLabelText('Expiry date'))).toBe('Expiry date must be in the future');
    expect(errorOf(screen.getByLabelText('Passport'))).toBe(FILE_MESSAGES.unsupported);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Town/City')));
  });

  it('while Pending is read-only, and Withdraw submission (after confirming) brings it back to Saved', async () => {
    const pending = testOverview({ profile: { status: 'Pending' } });
    const { api, user } = await openPage(PROFILE_PATH, pending, {
      'POST /api/user/verification/withdraw': () => json(200, { ...testOverview({ profile: { status: 'Saved' } }), message: 'Your submission is withdrawn.' }),
    });
    expect(within(screen.getByRole('region', { name: /Profile verification:/ })).getByText('Pending Admin Review')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Verifying your profile' }).textContent).toContain('Step 2 of 3: Our review');
    expect(isDisabled(screen.getByLabelText('Town/City'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Withdraw submission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your submission?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw submission' }));

    await waitFor(() => expect(isDisabled(screen.getByLabelText('Town/City'))).toBe(false));
    expect(api.callsTo('POST /api/user/verification/withdraw').map((c) => c.body)).toEqual([{ verification: 'profile' }]);
    expect(within(screen.getByRole('region', { name: /Profile verification:/ })).getByText('Info Saved - Submit Now')).toBeTruthy();
  });

  it('asks before editing an approved profile, saying what is lost', async () => {
    const { user } = await openPage(PROFILE_PATH, testOverview({ profile: { status: 'Approved' }, limits: { current: 'profileApproved', currentCents: 10_000_000 } }));
    expect(isDisabled(screen.getByLabelText('Town/City'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Edit my details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your approved profile?' });
    expect(dialog.textContent).toContain('your purchase limit falls to the email-verified tier (£1,000.00, $1,000.00, €1,000.00 or A$1,000.00)');
    expect(dialog.textContent).toContain('you cannot sell Units');

    await user.click(within(dialog).getByRole('button', { name: 'Keep my approved profile' }));
    expect(isDisabled(screen.getByLabelText('Town/City'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Edit my details' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Edit your approved profile?' })).getByRole('button', { name: 'Edit my details' }));
    expect(isDisabled(screen.getByLabelText('Town/City'))).toBe(false);
  });

  it('shows the reason of a rejection and names a document asked for again', async () => {
    await openPage(
      PROFILE_PATH,
      testOverview({ profile: { status: 'Rejected', rejectionReason: 'The passport photo is blurred.', reupload: { slot: 'passportFile', reason: 'The corners are cut off.' } } }),
    );
    const status = screen.getByRole('region', { name: /Profile verification:/ });
    expect(within(status).getByText('Not Approved, please reapply')).toBeTruthy();
    expect(status.textContent).toContain('Reason: The passport photo is blurred.');
    expect(within(status).getByRole('alert').textContent).toBe('Please upload your passport again. The corners are cut off.');
  });

  it('shows an uploaded document with its date and a download link', async () => {
    const doc = {
      id: 'd1',
      slot: 'passportFile' as const,
      filename: 'passport-scan.pdf',
      contentType: 'application/pdf',
      size: 2048,
      uploadedAt: '2026-11-20T10:00:00.000Z',
      url: '/api/user/verification/documents/d1',
    };
    await openPage(PROFILE_PATH, testOverview({ profile: { status: 'Saved', documents: [doc] } }));
    const link = screen.getByRole('link', { name: 'passport-scan.pdf' });
    expect(link.getAttribute('href')).toBe('/api/user/verification/documents/d1');
    expect(screen.getByText('(2.0 KB, 20 Nov 2026)')).toBeTruthy();
  });

  it('asks a business for its Business Details and its business registry document', async () => {
    const overview = testOverview();
    const business = testOverview({
      profile: { userType: 'BUSINESS', details: { ...overview.profile.details, passport: undefined, businessInfo: { businessName: '', registrationNumber: '', vatNumber: '' } } },
    });
    const { user } = await openPage(PROFILE_PATH, business);
    expect(screen.getByRole('heading', { name: 'Business Details' })).toBeTruthy();
    expect(screen.queryByLabelText('Passport number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(errorOf(screen.getByLabelText('Business or government name'))).toBe(PROFILE_MESSAGES.businessNameRequired);
    expect(document.activeElement).toBe(screen.getByLabelText('Business or government name'));
    expect(errorOf(screen.getByLabelText('Registration number'))).toBe(PROFILE_MESSAGES.registrationNumberRequired);
    expect(errorOf(screen.getByLabelText('VAT number (optional)'))).toBe('');
    expect(errorOf(screen.getByLabelText('Business registry document'))).toBe('This document is required.');
  });
});
