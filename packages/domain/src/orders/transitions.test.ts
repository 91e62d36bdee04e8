import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS, type OrderStatus, type OrderType, type PaymentMethod } from './status';
import {
  BUY_PAYMENT_METHODS,
  canTransition,
  countsAsUnapprovedBuy,
  flowStatuses,
  initialStatus,
  isFinalStatus,
  nextStatuses,
  ORDER_FLOWS,
  orderFlowName,
  UNAPPROVED_BUY_STATUSES,
  type OrderFlow,
  type OrderFlowName,
} from './transitions';

const flows = Object.entries(ORDER_FLOWS) as [OrderFlowName, OrderFlow][];
const edges = (flow: OrderFlow) => (Object.entries(flow.transitions) as [OrderStatus, readonly OrderStatus[]][]).flatMap(([from, tos]) => tos.map((to) => `${from}→${to}`));

/** Every valid (type, method) pair. */
const combos: [OrderType, PaymentMethod][] = ORDER_TYPES.flatMap((type) =>
  type === 'BUY' ? BUY_PAYMENT_METHODS.map((method): [OrderType, PaymentMethod] => [type, method]) : [[type, 'None'] as [OrderType, PaymentMethod]],
);

describe('order flows (PRODUCT-DECISIONS §3)', () => {
  it('lists exactly these transitions', () => {
    expect(Object.fromEntries(flows.map(([name, flow]) => [name, [flow.initial, ...edges(flow)]]))).toEqual({
      BUY_BANK: ['Initiated', 'Initiated→PaymentSent', 'Initiated→Cancelled', 'Initiated→Expired', 'PaymentSent→Approved', 'PaymentSent→Failed'],
      BUY_CRYPTO: ['Initiated', 'Initiated→PaymentSent_FromUserCrypto', 'Initiated→Cancelled', 'Initiated→Expired', 'PaymentSent_FromUserCrypto→Approved', 'PaymentSent_FromUserCrypto→Failed'],
      BUY_CARD: ['Initiated', 'Initiated→InProcess', 'Initiated→Cancelled', 'Initiated→Expired', 'InProcess→Completed', 'InProcess→Failed', 'InProcess→Cancelled', 'InProcess→Expired'],
      SELL: ['FundsWaitingApproval', 'FundsWaitingApproval→PartialComplete', 'FundsWaitingApproval→AllUnitSold', 'FundsWaitingApproval→Failed', 'PartialComplete→AllUnitSold', 'AllUnitSold→Completed'],
      TRANSFER: ['Completed'],
      TRANSFER_FUTURE: ['Scheduled', 'Scheduled→Completed', 'Scheduled→Cancelled', 'Scheduled→Failed'],
      CONVERT: ['Completed'],
    });
  });

  it('starts each order where the table says', () => {
    expect(initialStatus('BUY', 'Bank')).toBe('Initiated');
    expect(initialStatus('BUY', 'Crypto')).toBe('Initiated');
    expect(initialStatus('BUY', 'Card_Stripe')).toBe('Initiated');
    expect(initialStatus('BUY', 'Card_Square')).toBe('Initiated');
    expect(initialStatus('SELL', 'None')).toBe('FundsWaitingApproval');
    expect(initialStatus('TRANSFER', 'None')).toBe('Completed');
    expect(initialStatus('TRANSFER_FUTURE', 'None')).toBe('Scheduled');
    expect(initialStatus('CONVERT', 'None')).toBe('Completed');
  });

  it('refuses impossible type and method pairs', () => {
    expect(() => initialStatus('BUY', 'None')).toThrow(RangeError);
    expect(() => orderFlowName('SELL', 'Bank')).toThrow(RangeError);
    expect(canTransition({ orderType: 'SELL', paymentMethod: 'Card_Stripe', orderStatus: 'FundsWaitingApproval' }, 'Completed')).toBe(false);
  });

  it('answers canTransition from the table', () => {
    const bank = { orderType: 'BUY', paymentMethod: 'Bank', orderStatus: 'Initiated' } as const;
    expect(canTransition(bank, 'PaymentSent')).toBe(true);
    expect(canTransition(bank, 'Approved')).toBe(false); // must be paid first
    expect(canTransition(bank, 'PaymentSent_FromUserCrypto')).toBe(false);
    expect(canTransition({ ...bank, orderStatus: 'PaymentSent' }, 'Approved')).toBe(true);
    expect(canTransition({ ...bank, orderStatus: 'PaymentSent' }, 'Cancelled')).toBe(false);
    expect(canTransition({ ...bank, orderStatus: 'Approved' }, 'Failed')).toBe(false);
    expect(canTransition({ ...bank, paymentMethod: 'Crypto', orderStatus: 'Initiated' }, 'PaymentSent_FromUserCrypto')).toBe(true);
    expect(canTransition({ ...bank, paymentMethod: 'Card_Square', orderStatus: 'InProcess' }, 'Completed')).toBe(true);
    expect(canTransition({ ...bank, paymentMethod: 'Card_Square', orderStatus: 'Initiated' }, 'Completed')).toBe(false);
    expect(canTransition({ orderType: 'SELL', paymentMethod: 'None', orderStatus: 'PartialComplete' }, 'AllUnitSold')).toBe(true);
    expect(canTransition({ orderType: 'SELL', paymentMethod: 'None', orderStatus: 'PartialComplete' }, 'Failed')).toBe(false);
    expect(canTransition({ orderType: 'TRANSFER', paymentMethod: 'None', orderStatus: 'Completed' }, 'Cancelled')).toBe(false);
    expect(canTransition({ orderType: 'TRANSFER_FUTURE', paymentMethod: 'None', orderStatus: 'Scheduled' }, 'Cancelled')).toBe(true);
    expect(nextStatuses('CONVERT', 'None', 'Completed')).toEqual([]);
    expect(isFinalStatus('BUY', 'Bank', 'Approved')).toBe(true);
    expect(isFinalStatus('BUY', 'Bank', 'PaymentSent')).toBe(false);
  });

  it('is closed: an allowed move stays inside its own flow, for any order and target', () => {
    fc.assert(
      fc.property(fc.constantFrom(...combos), fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...ORDER_STATUSES), ([type, method], from, to) => {
        const own = flowStatuses(ORDER_FLOWS[orderFlowName(type, method)]);
        if (canTransition({ orderType: type, paymentMethod: method, orderStatus: from }, to)) {
          expect(own).toContain(from);
          expect(own).toContain(to);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never moves into a status that belongs to another kind of order', () => {
    // statuses that only one family of flows may use
    const owners: Partial<Record<OrderStatus, OrderFlowName[]>> = {
      PaymentSent: ['BUY_BANK'],
      PaymentSent_FromUserCrypto: ['BUY_CRYPTO'],
      InProcess: ['BUY_CARD'],
      Approved: ['BUY_BANK', 'BUY_CRYPTO'],
      Expired: ['BUY_BANK', 'BUY_CRYPTO', 'BUY_CARD'],
      Initiated: ['BUY_BANK', 'BUY_CRYPTO', 'BUY_CARD'],
      FundsWaitingApproval: ['SELL'],
      PartialComplete: ['SELL'],
      AllUnitSold: ['SELL'],
      Scheduled: ['TRANSFER_FUTURE'],
      Locked: [],
      LockedBonusApproved: [],
      AUDReadyToSendBetweenAccounts: [],
    };
    for (const [name, flow] of flows) {
      for (const status of flowStatuses(flow)) {
        const allowed = owners[status];
        if (allowed) expect(allowed, `${name} uses ${status}`).toContain(name);
      }
    }
  });

  it('reaches every status of a flow from its start, and every path ends in a final status', () => {
    for (const [name, flow] of flows) {
      const reached = new Set<OrderStatus>([flow.initial]);
      const queue: OrderStatus[] = [flow.initial];
      while (queue.length) {
        const from = queue.shift() as OrderStatus;
        for (const to of flow.transitions[from] ?? []) {
          expect(to, `${name}: ${from} → itself`).not.toBe(from);
          if (!reached.has(to)) {
            reached.add(to);
            queue.push(to);
          }
        }
      }
      expect([...reached].sort(), name).toEqual(flowStatuses(flow).sort());
      // no cycles: a topological walk consumes every status
      const indegree = new Map(flowStatuses(flow).map((s) => [s, 0]));
      for (const tos of Object.values(flow.transitions)) for (const to of tos ?? []) indegree.set(to, (indegree.get(to) ?? 0) + 1);
      const ready = [...indegree].filter(([, n]) => n === 0).map(([s]) => s);
      let seen = 0;
      while (ready.length) {
        const s = ready.pop() as OrderStatus;
        seen++;
        for (const to of flow.transitions[s] ?? []) {
          indegree.set(to, (indegree.get(to) ?? 0) - 1);
          if (indegree.get(to) === 0) ready.push(to);
        }
      }
      expect(seen, `${name} has a cycle`).toBe(indegree.size);
    }
  });

  it('uses every payment method somewhere and every flow from some (type, method)', () => {
    const used = new Set(combos.map(([type, method]) => orderFlowName(type, method)));
    expect([...used].sort()).toEqual(Object.keys(ORDER_FLOWS).sort());
    expect(new Set(combos.map(([, method]) => method))).toEqual(new Set(PAYMENT_METHODS));
  });
});

describe('unapproved buys (purchase limit)', () => {
  it('are the buy statuses not yet Approved, Completed, Failed, Cancelled or Expired', () => {
    expect([...UNAPPROVED_BUY_STATUSES].sort()).toEqual(['InProcess', 'Initiated', 'PaymentSent', 'PaymentSent_FromUserCrypto']);
    expect(countsAsUnapprovedBuy({ orderType: 'BUY', orderStatus: 'PaymentSent' })).toBe(true);
    expect(countsAsUnapprovedBuy({ orderType: 'BUY', orderStatus: 'Approved' })).toBe(false);
    expect(countsAsUnapprovedBuy({ orderType: 'SELL', orderStatus: 'FundsWaitingApproval' })).toBe(false);
  });
});
