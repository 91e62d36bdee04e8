import { REFERENCE_CODE_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';
import type { AdminReferenceCode } from './reference-codes-api';

const NOW = new Date('2026-03-10T12:00:00Z');
const ORDERS = 'GET /api/admin/orders?page=1&pageSize=20';
const RECONCILE = 'GET /api/admin/ledger/reconcile';
const CODES = 'GET /api/admin/reference-codes?page=1&pageSize=20';
const CREATE = 'POST /api/admin/reference-codes';
const disableKey = (id: string) => `POST /api/admin/reference-codes/${id}/disable`;

function code(name: string, fields: Partial<AdminReferenceCode> = {}): AdminReferenceCode {
  return {
    id: `id-${name.toLowerCase()}`,
    code: name,
    codeType: 'DISCOUNT',
    isPercent: true,
    amount: '10',
    discountValue: '10 %',
    bonusUnits: 0,
    minPaymentAmountInCents: null,
    maxPaymentAmountInCents: null,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    uses: 0,
    disabledAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...fields,
  };
}

const SPRING = code('SPRING10', { uses: 3, maxUses: 100 });
const FIVE = code('FIVE-OFF', { isPercent: false, amount: '500', discountValue: '£5.00', minPaymentAmountInCents: 5_000, maxPaymentAmountInCents: 20_000 });
const BONUS = code('BONUS50', { codeType: 'BONUS', isPercent: false, amount: '0', discountValue: '', bonusUnits: 50, validUntil: '2026-06-01T00:00:00.000Z' });
const LATER = code('LATER', { validFrom: '2026-04-01T00:00:00.000Z', validUntil: '2026-05-01T12:30:00.000Z' });
const OVER = code('OVER', { validUntil: '2026-03-01T00:00:00.000Z' });
const GONE = code('GONE', { disabledAt: '2026-03-05T10:00:00.000Z' });
const FULL = code('FULL', { uses: 5, maxUses: 5 });
const ALL = [SPRING, FIVE, BONUS, LATER, OVER, GONE, FULL];

const page = (codes: AdminReferenceCode[], total = codes.length) => ({ codes, total, page: 1, pageSize: 20 });
const base = { [ORDERS]: () => json(200, { orders: [], total: 0, page: 1, pageSize: 20 }), [RECONCILE]: () => json(200, { ok: true, problems: [] }) };

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/** /admin with the codes tab open by its address. */
async function openCodes(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ ...base, ...handlers });
  const view = renderApp('/admin?section=reference-codes', { session: TEST_ADMIN });
  await screen.findByRole('heading', { level: 2, name: /^Reference codes/ });
  return { api, ...view };
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const cellsOf = (name: string) => [rowOf(name).querySelector('th')!, ...within(rowOf(name)).getAllByRole('cell')].map((c) => c.textContent);
const form = () => screen.getByRole('form', { name: 'New reference code' });
const field = (label: string | RegExp) => within(form()).getByLabelText(label);
const errorOf = (label: string | RegExp) => {
  const input = field(label);
  return input.getAttribute('aria-invalid') === 'true' ? document.getElementById(`${input.id}-error`)?.textContent : undefined;
};

describe('/admin reference codes', () => {
  it('is a section of its own, reached from the navigation, and asks for the codes only when opened', async () => {
    const api = mockApi({ ...base, [CODES]: () => json(200, page(ALL)) });
    const { user, location } = renderApp('/admin/orders', { session: TEST_ADMIN });
    const nav = await screen.findByRole('navigation', { name: 'Administration sections' });
    await screen.findByRole('heading', { name: 'Nothing is waiting for you' });
    expect(location.current).toBe('/admin/orders');
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(api.callsTo(CODES)).toEqual([]);

    await user.click(within(nav).getByRole('link', { name: 'Reference codes' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Reference codes (7)' })).toBeTruthy();
    expect(location.current).toBe('/admin/codes');
    expect(within(nav).getByRole('link', { name: 'Reference codes' }).getAttribute('aria-current')).toBe('page');
    expect(api.callsTo(CODES)).toHaveLength(1);
  });

  it('lists each code with its type, what it gives, the purchases it applies to, validity, uses and whether it can be used now', async () => {
    await openCodes({ [CODES]: () => json(200, page(ALL)) });
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Type', 'Gives', 'Purchases', 'Valid', 'Uses', 'Status', 'Actions']);
    expect(cellsOf('SPRING10')).toEqual(['SPRING10', 'Discount', '10 % off', 'Any amount', 'No end date', '3 of 100', 'Active', 'Disable SPRING10']);
    expect(cellsOf('FIVE-OFF').slice(1, 6)).toEqual(['Discount', '5.00 off', '50.00 to 200.00', 'No end date', '0 (no limit)']);
    expect(cellsOf('BONUS50').slice(1, 5)).toEqual(['Bonus', '50 bonus Units', 'Any amount', 'Until 01 Jun 2026']);
    expect(cellsOf('LATER').slice(4, 7)).toEqual(['01 Apr 2026 to 01 May 2026, 12:30 UTC', '0 (no limit)', 'Not yet valid']);
    expect(cellsOf('OVER')[6]).toBe('Expired');
    expect(cellsOf('GONE').slice(6)).toEqual(['Disabled', '—']);
    expect(cellsOf('FULL').slice(5, 7)).toEqual(['5 of 5', 'Used up']);
    expect(within(rowOf('GONE')).queryByRole('button')).toBeNull();
  });

  it('says when there are no codes yet, and still offers the form', async () => {
    await openCodes({ [CODES]: () => json(200, page([])) });
    expect(await screen.findByRole('heading', { name: 'No reference codes yet' })).toBeTruthy();
    expect(form()).toBeTruthy();
  });

  it('pages through the codes', async () => {
    const api = mockApi({
      ...base,
      [CODES]: () => json(200, page(ALL, 27)),
      'GET /api/admin/reference-codes?page=2&pageSize=20': () => json(200, { codes: [code('OLDEST')], total: 27, page: 2, pageSize: 20 }),
    });
    const { user } = renderApp('/admin?section=reference-codes', { session: TEST_ADMIN });
    const pager = await screen.findByRole('navigation', { name: 'Reference code pages' });
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('rowheader', { name: 'OLDEST' })).toBeTruthy();
    expect(api.callsTo('GET /api/admin/reference-codes?page=2&pageSize=20')).toHaveLength(1);
  });

  it('shows the schema’s messages at their fields and sends nothing while the form is wrong', async () => {
    const { api, user } = await openCodes({ [CODES]: () => json(200, page([])) });
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    expect(errorOf('Code')).toBe('Enter a code of 3 to 32 letters, digits or dashes.');
    expect(errorOf('Percentage off')).toBe(REFERENCE_CODE_MESSAGES.percentRange);
    expect(document.activeElement).toBe(field('Code'));

    // After a submit the form checks each change again; the schema's answer comes a moment after
    // the last keystroke (the resolver is asynchronous), so the field's state is waited for.
    await user.type(field('Code'), 'spring-10');
    await user.type(field('Percentage off'), '101');
    await waitFor(() => expect(errorOf('Percentage off')).toBe(REFERENCE_CODE_MESSAGES.percentRange));
    expect(errorOf('Code')).toBeUndefined();
    await user.clear(field('Percentage off'));
    await user.type(field('Percentage off'), '0');
    await waitFor(() => expect(errorOf('Percentage off')).toBe(REFERENCE_CODE_MESSAGES.percentRange));

    await user.click(within(form()).getByRole('radio', { name: /A fixed amount/ }));
    expect(within(form()).queryByLabelText('Percentage off')).toBeNull();
    await user.type(field('Amount off, in cents'), '0');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    expect(errorOf('Amount off, in cents')).toBe(REFERENCE_CODE_MESSAGES.amountRange);

    await user.click(within(form()).getByRole('radio', { name: /Bonus Units/ }));
    await user.type(field('Bonus Units'), '0');
    await user.type(field(/^Smallest purchase/), '2000');
    await user.type(field(/^Largest purchase/), '1999');
    await user.type(field(/^Starts on/), '2026-04-01');
    await user.type(field(/^Ends on/), '2026-04-01');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    expect(errorOf('Bonus Units')).toBe(REFERENCE_CODE_MESSAGES.bonusRange);
    expect(errorOf(/^Largest purchase/)).toBe(REFERENCE_CODE_MESSAGES.rangeOrder);
    expect(errorOf(/^Ends on/)).toBe(REFERENCE_CODE_MESSAGES.validOrder);
    // Amounts typed in cents are written out beside them.
    expect(within(form()).getByText(/This is 20\.00 in the buy’s currency\./)).toBeTruthy();

    expect(api.callsTo(CREATE)).toEqual([]);
  });

  it('creates a code with only the terms of its type, says so, refreshes the list and empties the form', async () => {
    let created = false;
    const NEW = code('SUMMER-BONUS', { codeType: 'BONUS', isPercent: false, amount: '0', bonusUnits: 25, createdAt: '2026-03-10T12:00:00.000Z' });
    const { api, user } = await openCodes({
      [CODES]: () => json(200, page(created ? [NEW, SPRING] : [SPRING])),
      [CREATE]: () => {
        created = true;
        return json(201, { code: NEW });
      },
    });
    await screen.findByRole('table');
    await user.type(field('Code'), 'summer-bonus');
    await user.type(field('Percentage off'), '15');
    await user.click(within(form()).getByRole('radio', { name: /Bonus Units/ }));
    await user.type(field('Bonus Units'), '25');
    await user.type(field(/^Smallest purchase/), '10000');
    await user.type(field(/^Ends on/), '2026-09-01');
    await user.type(field(/^Use limit/), '200');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText('Code SUMMER-BONUS created.')).toBeTruthy();
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([
      {
        code: 'SUMMER-BONUS',
        codeType: 'BONUS',
        isPercent: false,
        amount: '0',
        bonusUnits: 25,
        minPaymentAmountInCents: 10_000,
        maxPaymentAmountInCents: null,
        validFrom: null,
        validUntil: '2026-09-01T00:00:00Z',
        maxUses: 200,
      },
    ]);
    expect(await screen.findByRole('rowheader', { name: 'SUMMER-BONUS' })).toBeTruthy();
    await waitFor(() => expect((field('Code') as HTMLInputElement).value).toBe(''));
    expect(within(form()).getByRole('radio', { name: /A discount/ })).toHaveProperty('checked', true);
  });

  it('shows a taken name at the code field', async () => {
    const { user } = await openCodes({
      [CODES]: () => json(200, page([SPRING])),
      [CREATE]: () => json(409, { message: 'Please check the highlighted fields.', code: 'CODE_TAKEN', errors: { code: REFERENCE_CODE_MESSAGES.codeTaken } }),
    });
    await user.type(field('Code'), 'spring10');
    await user.type(field('Percentage off'), '10');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(errorOf('Code')).toBe(REFERENCE_CODE_MESSAGES.codeTaken));
    expect(document.activeElement).toBe(field('Code'));
    expect(within(form()).queryByRole('alert')).toBeNull();
  });

  it('says what went wrong when the answer names no field', async () => {
    const { user } = await openCodes({ [CODES]: () => json(200, page([])), [CREATE]: () => json(503, { message: 'Busy, try again.', code: 'UNAVAILABLE' }) });
    await user.type(field('Code'), 'spring10');
    await user.type(field('Percentage off'), '10');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('Busy, try again.');
  });

  it('disables a code only once confirmed, then refreshes the list', async () => {
    let disabled = false;
    const { api, user } = await openCodes({
      [CODES]: () => json(200, page([disabled ? { ...SPRING, disabledAt: NOW.toISOString() } : SPRING])),
      [disableKey(SPRING.id)]: () => {
        disabled = true;
        return json(200, { code: { ...SPRING, disabledAt: NOW.toISOString() } });
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Disable SPRING10' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable SPRING10?' });
    expect(dialog.textContent).toContain('Buys already placed with it keep it.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(disableKey(SPRING.id))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disable SPRING10' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable SPRING10?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable code' }));
    expect(await screen.findByText('Code SPRING10 disabled.')).toBeTruthy();
    expect(api.callsTo(disableKey(SPRING.id))).toHaveLength(1);
    await waitFor(() => expect(cellsOf('SPRING10')[6]).toBe('Disabled'));
  });

  it('shows the refusal in the dialog when disabling fails', async () => {
    const { user } = await openCodes({
      [CODES]: () => json(200, page([SPRING])),
      [disableKey(SPRING.id)]: () => json(404, { message: 'This code does not exist.', code: 'NOT_FOUND' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Disable SPRING10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable SPRING10?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This code does not exist.');
  });

  it('shows cards with the same facts and action on a 360 px screen', async () => {
    setViewportWidth(360);
    await openCodes({ [CODES]: () => json(200, page([FIVE])) });
    const card = await screen.findByRole('article', { name: 'FIVE-OFF' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('50.00 to 200.00')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Disable FIVE-OFF' })).toBeTruthy();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = await openCodes({ [CODES]: () => (fail ? json(503, { message: 'Busy, try again.', code: 'UNAVAILABLE' }) : json(200, page([SPRING]))) });
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'SPRING10' })).toBeTruthy();
  });
});
