import type { TestPerson } from '../../apps/api/src/test/factories';
import type { ChaosClient } from './client';
import type { People } from './setup';

/**
 * The bounded mixed load: workers that place transfers between partners (each pair sends both
 * ways, so opposite transfers meet), bank buys taken through payment and the admin's approval,
 * sells, and now and then a PDF statement. Every operation is recorded with what the client was
 * told, for the checks at the end.
 */

export type OpKind = 'transfer' | 'buy' | 'buy-paid' | 'buy-approved' | 'sell' | 'statement';

export interface Op {
  kind: OpKind;
  userId: string;
  phase: string;
  ok: boolean;
  status: number | null;
  /** The order the answer named (create_order), or the order acted on. */
  orderId: string | null;
}

export interface LoadLimits {
  workers: number;
  /** Operations started per second at most, so that the load lasts through every phase. */
  perSecond: number;
  maxOps: number;
  maxStatements: number;
}

const CREATE = '/api/order/create_order';
const STATEMENT = '/api/utility/generate-statement?reportType=CurrentValueDownload';

const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

export class Load {
  readonly ops: Op[] = [];
  private stopped = false;
  private statements = 0;
  private running: Promise<void>[] = [];
  private nextSlot = 0;

  constructor(
    private readonly client: ChaosClient,
    private readonly people: People,
    private readonly limits: LoadLimits,
    private readonly phase: () => string,
  ) {}

  start(): void {
    this.running = Array.from({ length: this.limits.workers }, () => this.worker());
  }

  /** Stops starting operations and waits for those in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  get attempted(): number {
    return this.ops.length;
  }

  private record(kind: OpKind, user: TestPerson, outcome: { ok: boolean; status: number | null }, orderId: string | null): void {
    this.ops.push({ kind, userId: user.id, phase: this.phase(), ok: outcome.ok, status: outcome.status, orderId });
  }

  private async worker(): Promise<void> {
    while (!this.stopped && this.ops.length < this.limits.maxOps) {
      await this.pace();
      if (this.stopped) return;
      const r = Math.random();
      if (r < 0.5) await this.transfer();
      else if (r < 0.7) await this.buy();
      else if (r < 0.92 || this.statements >= this.limits.maxStatements) await this.sell();
      else await this.statement();
    }
  }

  /** Waits for this worker's turn: starts are spread evenly at `perSecond` across all workers. */
  private async pace(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + 1000 / this.limits.perSecond;
    if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
  }

  private customer(): { person: TestPerson; partner: TestPerson } {
    const all = this.people.customers;
    const i = between(0, all.length - 1);
    return { person: all[i]!, partner: all[i ^ 1]! };
  }

  private async create(kind: 'transfer' | 'buy' | 'sell', person: TestPerson, body: unknown): Promise<string | null> {
    const phase = this.phase();
    const outcome = await this.client.send('POST', CREATE, person.session, body);
    const created = outcome.body?.orderCreatedData as { orderId?: string } | undefined;
    const orderId = outcome.ok ? (created?.orderId ?? null) : null;
    this.ops.push({ kind, userId: person.id, phase, ok: outcome.ok, status: outcome.status, orderId });
    return orderId;
  }

  private async transfer(): Promise<void> {
    const { person, partner } = this.customer();
    await this.create('transfer', person, { orderType: 'TRANSFER', currencyUnit: { numberOfUnits: between(1, 5) }, transfer: { recipientEmail: partner.email } });
  }

  private async sell(): Promise<void> {
    const { person } = this.customer();
    await this.create('sell', person, { orderType: 'SELL', currencyUnit: { numberOfUnits: between(11, 20) } });
  }

  /** A bank buy: placed, "I have sent the payment", then approved by the admin. */
  private async buy(): Promise<void> {
    const { person } = this.customer();
    const orderId = await this.create('buy', person, { orderType: 'BUY', currencyUnit: { numberOfUnits: between(10, 40) }, paymentDetails: { paymentMethod: 'Bank' } });
    if (!orderId || this.stopped) return;
    const paid = await this.client.send('POST', '/api/order/success_order', person.session, { orderId });
    this.record('buy-paid', person, paid, orderId);
    if (!paid.ok || this.stopped) return;
    const admin = this.people.admin;
    const approved = await this.client.send('POST', `/api/admin/orders/${orderId}/transition`, admin.session, { toStatus: 'Approved', reason: 'Payment received' });
    this.record('buy-approved', person, approved, orderId);
  }

  private async statement(): Promise<void> {
    this.statements += 1;
    const { person } = this.customer();
    const outcome = await this.client.send('GET', STATEMENT, person.session);
    this.record('statement', person, outcome, null);
  }
}
