import { UNIT_TYPES, type UnitType } from '@landunits/domain';
import type { DoubleLandStatus, LockedBonusItem } from '../../shared/orders/types';

/**
 * The locked Units of the dashboard bundle (docs/api/payments.md, dashboard bundle additions):
 * bonus Units of BONUS-code buys and LU2X Units. Read defensively like the rest of the bundle: a
 * malformed item is left out rather than shown with wrong figures, and a bundle from an API
 * without these parts simply shows none.
 */
export interface LockedUnitsView {
  /** Approved buys whose bonus Units unlock on a date, soonest first. */
  bonusApproved: LockedBonusItem[];
  /** Buys whose payment is not approved yet: their bonus Units come with the approval. */
  bonusWaiting: LockedBonusItem[];
  /** Unit types with LU2X Units still locked, in the product's order. */
  doubleLand: { unitType: UnitType; status: DoubleLandStatus }[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isDate = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isUnitType = (value: unknown): value is UnitType => typeof value === 'string' && (UNIT_TYPES as readonly string[]).includes(value);

function readBonusItem(value: unknown, dated: boolean): LockedBonusItem | null {
  if (!isObject(value) || typeof value.orderId !== 'string' || !isCount(value.lockedUnits) || value.lockedUnits === 0) return null;
  const unlockDate = dated ? (isDate(value.unlockDate) ? value.unlockDate : null) : null;
  if (dated && !unlockDate) return null;
  return {
    orderId: value.orderId,
    code: typeof value.code === 'string' && value.code ? value.code : null,
    unlockDate,
    lockedUnits: value.lockedUnits,
    ...(isUnitType(value.unitType) ? { unitType: value.unitType } : {}),
  };
}

function readBonusList(value: unknown, dated: boolean): LockedBonusItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const read = readBonusItem(item, dated);
    return read ? [read] : [];
  });
}

function readDoubleLand(value: unknown): LockedUnitsView['doubleLand'] {
  if (!isObject(value)) return [];
  return UNIT_TYPES.flatMap((unitType) => {
    const status = value[unitType];
    if (!isObject(status) || !isCount(status.lockedUnits) || status.lockedUnits === 0) return [];
    const nextUnlockAt = isDate(status.nextUnlockAt) ? status.nextUnlockAt : null;
    const nextUnlockUnits = nextUnlockAt && isCount(status.nextUnlockUnits) ? status.nextUnlockUnits : 0;
    return [{ unitType, status: { lockedUnits: status.lockedUnits, nextUnlockAt, nextUnlockUnits } }];
  });
}

/** The locked Units of `userDashBoardDetails`; empty lists when there are none. */
export function readLockedUnits(details: unknown): LockedUnitsView {
  const bonus = isObject(details) && isObject(details.buyOrderBonusLockedByStatus) ? details.buyOrderBonusLockedByStatus : {};
  const bonusApproved = readBonusList(bonus.LockedBonusApproved, true).sort((a, b) => Date.parse(a.unlockDate ?? '') - Date.parse(b.unlockDate ?? ''));
  return {
    bonusApproved,
    bonusWaiting: readBonusList(bonus.PaymentSent, false),
    doubleLand: readDoubleLand(isObject(details) ? details.doubleLand : undefined),
  };
}

export const hasLockedUnits = (view: LockedUnitsView): boolean => view.bonusApproved.length + view.bonusWaiting.length + view.doubleLand.length > 0;
