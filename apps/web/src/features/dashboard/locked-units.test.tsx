import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readLockedUnits } from './locked-data';
import { LockedUnits } from './locked-units';

/** `userDashBoardDetails` as GET /api/user answers it (docs/api/payments.md, dashboard bundle additions). */
const EMPTY_DOUBLE_LAND = {
  LAND_POUND: { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 },
  LAND_USD: { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 },
  LAND_EUR: { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 },
  LAND_AUD: { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 },
};

function details(fields: { approved?: unknown[]; waiting?: unknown[]; doubleLand?: Record<string, unknown> } = {}) {
  return {
    buyOrderBonusLockedByStatus: { LockedBonusApproved: fields.approved ?? [], PaymentSent: fields.waiting ?? [] },
    doubleLand: { ...EMPTY_DOUBLE_LAND, ...fields.doubleLand },
    doubleLandOffer: { capUnits: 100_000, remainingUnits: 99_900 },
  };
}

const renderLocked = (data: unknown) => render(<LockedUnits view={readLockedUnits(data)} />);
const itemsOf = (name: string) =>
  within(screen.getByRole('article', { name }))
    .getAllByRole('listitem')
    .map((li) => [...li.children].map((part) => part.textContent));

describe('the locked Units under the holdings', () => {
  it('lists bonus Units with their code and unlock date, soonest first, then those waiting for approval', () => {
    renderLocked(
      details({
        approved: [
          { orderId: 'o2', code: 'SUMMER25', unlockDate: '2026-12-01T09:00:00.000Z', lockedUnits: 25, unitType: 'LAND_USD' },
          { orderId: 'o1', code: 'BONUS50', unlockDate: '2026-09-07T09:00:00.000Z', lockedUnits: 1_250, unitType: 'LAND_POUND' },
        ],
        waiting: [{ orderId: 'o3', code: 'BONUS50', unlockDate: null, lockedUnits: 50, unitType: 'LAND_POUND' }],
      }),
    );
    const section = screen.getByRole('region', { name: 'Locked Units' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Locked Units' })).toBeTruthy();
    expect(itemsOf('Bonus Units')).toEqual([
      ['1,250 GBP Units', 'Code BONUS50', 'Unlock on 07 Sep 2026'],
      ['25 USD Units', 'Code SUMMER25', 'Unlock on 01 Dec 2026'],
      ['50 GBP Units', 'Code BONUS50', 'Unlock after your payment is approved'],
    ]);
    expect(screen.queryByRole('article', { name: 'LU2X Units' })).toBeNull();
  });

  it('shows LU2X Units per unit type with the next monthly unlock', () => {
    renderLocked(
      details({
        doubleLand: {
          LAND_POUND: { lockedUnits: 90, nextUnlockAt: '2027-09-01T00:00:00.000Z', nextUnlockUnits: 10 },
          LAND_AUD: { lockedUnits: 3, nextUnlockAt: '2027-10-01T00:00:00.000Z', nextUnlockUnits: 1 },
        },
      }),
    );
    expect(itemsOf('LU2X Units')).toEqual([
      ['90 GBP Units locked', 'Next: 10 unlock on 01 Sep 2027'],
      ['3 AUD Units locked', 'Next: 1 unlock on 01 Oct 2027'],
    ]);
    expect(screen.queryByRole('article', { name: 'Bonus Units' })).toBeNull();
  });

  it('shows both cards side by side in one grid when there are both', () => {
    renderLocked(
      details({
        waiting: [{ orderId: 'o3', code: 'BONUS50', unlockDate: null, lockedUnits: 50 }],
        doubleLand: { LAND_POUND: { lockedUnits: 100, nextUnlockAt: '2027-08-01T00:00:00.000Z', nextUnlockUnits: 10 } },
      }),
    );
    const cards = within(screen.getByRole('region', { name: 'Locked Units' })).getAllByRole('article');
    expect(cards.map((card) => card.querySelector('h4')?.textContent)).toEqual(['Bonus Units', 'LU2X Units']);
    expect(cards[0]!.parentElement).toBe(cards[1]!.parentElement);
    // Without a unit type from the API, the Units are still counted.
    expect(itemsOf('Bonus Units')).toEqual([['50 Units', 'Code BONUS50', 'Unlock after your payment is approved']]);
  });

  it('shows nothing at all when nothing is locked, or when the bundle has no such parts', () => {
    const { container, rerender } = renderLocked(details());
    expect(container.innerHTML).toBe('');
    rerender(<LockedUnits view={readLockedUnits({ buyOrderBonusLockedByStatus: { LockedBonusApproved: [], PaymentSent: [] } })} />);
    expect(container.innerHTML).toBe('');
    rerender(<LockedUnits view={readLockedUnits(undefined)} />);
    expect(container.innerHTML).toBe('');
  });

  it('leaves out malformed items instead of showing wrong figures', () => {
    const view = readLockedUnits(
      details({
        approved: [
          { orderId: 'a', code: 'X', unlockDate: 'soon', lockedUnits: 5 },
          { orderId: 'b', code: 'X', unlockDate: '2026-09-07T09:00:00.000Z', lockedUnits: 1.5 },
          { orderId: 'c', code: 'OK', unlockDate: '2026-09-07T09:00:00.000Z', lockedUnits: 5 },
        ],
        waiting: [null, { orderId: 'd', lockedUnits: -1 }, { orderId: 'e', lockedUnits: 0 }],
        doubleLand: { LAND_USD: { lockedUnits: '10' }, LAND_EUR: { lockedUnits: 10, nextUnlockAt: 'never', nextUnlockUnits: 1 } },
      }),
    );
    expect(view.bonusApproved.map((i) => i.orderId)).toEqual(['c']);
    expect(view.bonusWaiting).toEqual([]);
    expect(view.doubleLand).toEqual([{ unitType: 'LAND_EUR', status: { lockedUnits: 10, nextUnlockAt: null, nextUnlockUnits: 0 } }]);
  });
});
