import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Database, Db } from '#server/db/client';
import type { Listening } from '#server/db/listen';
import { mailOutbox, orderLines, orders, orderTaxes, packingLines } from '#server/db/schema';
import { emit } from '#server/events';
import { orderMoney } from '#server/modules/order/order.money';
import { PollingWorker, type PollTimers, retryDelay } from '#server/polling-worker';
import { wakeOnNotify } from '#server/wake-on-notify';
import { type AlertMail, alertMail } from './alert-mail';
import type { Mailer, MailMessage } from './mailer';
import { type OrderMailSettings, orderMail } from './order-mail';
import { MAIL_QUEUED_CHANNEL, mailLanguage, type OrderMailExtra, type OrderMailKind } from './outbox';

export interface OutboxWorkerOptions {
  /** How often to look for due mails, whatever the worker was told (the net under NOTIFY). */
  pollMs: number;
  /** How long a claimed mail is this worker's: after that (its process died) another takes it again. */
  leaseMs: number;
  /** The wait after the first failed try; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Tries before a mail is given up (`failed`, logged). */
  maxAttempts: number;
  /** Mails claimed at once. */
  batch: number;
  /** Claims one run makes at most while they come back full; the next run follows at once. */
  claimsPerRun: number;
  /**
   * Whether a queued mail wakes the worker at once (NOTIFY on PostgreSQL, in process on PGlite).
   * Tests turn it off to send when they say (`drain`).
   */
  wakeOnQueue: boolean;
  /** The poll's timers (tests fire theirs by hand). */
  timers?: PollTimers;
}

export const OUTBOX_DEFAULTS: OutboxWorkerOptions = {
  pollMs: 2_000,
  // Longer than the SMTP time-outs (mailer.ts), so a slow send is never taken by another worker.
  leaseMs: 5 * 60_000,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 10,
  batch: 10,
  // 100 mails a run, then the event loop's turn: a burst drains without starving the requests.
  claimsPerRun: 10,
  wakeOnQueue: true,
};

export interface OutboxWorkerDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings: OrderMailSettings;
}

type Claimed = typeof mailOutbox.$inferSelect;

/**
 * Sends the outbox's mails (docs/architecture.md, Mail: outbox). Each run claims due rows with one
 * conditional update over `SELECT … FOR UPDATE SKIP LOCKED`, so workers in several processes never
 * take the same row: a claim sets `sending`, counts the try and holds the row for a lease. A sent
 * mail is marked `sent` only by the claim that sent it (same try count); a failure goes back to
 * `queued` after a back-off, or to `failed` after the last try. A mail whose process died while
 * sending is taken again when its lease is over: a mail is sent once, unless a process dies
 * between the SMTP server's acceptance and the `sent` mark (then twice: never zero times). A
 * queued mail wakes the worker (`listen` on PostgreSQL, `wake` in process on PGlite: app.ts), and a
 * run claims again while claims come back full (docs/decisions/030); the poll is the net.
 */
export class OutboxWorker extends PollingWorker<Claimed, OutboxWorkerOptions> {
  /** `ran` after each run (how many mails it tried); `listening` when the connection comes or goes. */
  readonly events = new EventEmitter<{ ran: [number]; listening: [boolean] }>();
  /** Whether the PostgreSQL listening connection is up now. */
  listening = false;
  private listener: Listening | undefined;

  constructor(
    private readonly deps: OutboxWorkerDeps,
    options: Partial<OutboxWorkerOptions> = {},
  ) {
    super({ ...OUTBOX_DEFAULTS, ...options }, (err) => deps.log.warn({ err }, 'mail outbox run failed'));
  }

  /**
   * PostgreSQL: runs at once whenever any process commits a queued mail, and on (re)connecting,
   * which catches up on what was queued while not listening; the poll carries on meanwhile.
   */
  listen(database: Pick<Database, 'listen'>, retryMs: number): void {
    if (this.listener) return;
    this.listener = wakeOnNotify(database, MAIL_QUEUED_CHANNEL, retryMs, this, (err) =>
      this.deps.log.warn({ err }, 'mail listening connection lost; polling meanwhile'),
    );
  }

  override async stop(): Promise<void> {
    const closing = this.listener?.close();
    this.listener = undefined;
    await super.stop();
    await closing;
  }

  protected override ran(tried: number): void {
    this.events.emit('ran', tried);
  }

  /** Runs until no mail is due now (tests; a failed mail waits for its back-off, so this ends). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0) {}
  }

  protected async claim(): Promise<Claimed[]> {
    const now = this.deps.clock.now();
    const due = this.deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.state, ['queued', 'sending']), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(this.options.batch)
      .for('update', { skipLocked: true });
    return this.deps.db
      .update(mailOutbox)
      .set({
        state: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + this.options.leaseMs),
      })
      .where(and(inArray(mailOutbox.id, due), lte(mailOutbox.nextAttemptAt, now)))
      .returning();
  }

  protected async handle(row: Claimed): Promise<void> {
    const mine = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.state, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );
    try {
      const message = await this.render(row);
      await this.deps.mailer.send(message);
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const now = this.deps.clock.now();
      const givenUp = row.attempts >= this.options.maxAttempts;
      await this.deps.db.transaction(async (tx) => {
        const [marked] = await tx
          .update(mailOutbox)
          .set(
            givenUp
              ? { state: 'failed', lastError }
              : {
                  state: 'queued',
                  lastError,
                  nextAttemptAt: new Date(now.getTime() + retryDelay(row.attempts, this.options)),
                },
          )
          .where(mine)
          .returning({ id: mailOutbox.id });
        // Told once, by the claim that gave it up; a staff alert that fails raises no alert of its own.
        if (marked && givenUp && !row.kind.startsWith('alert.'))
          await emit(
            'mail.givenUp',
            {
              mailId: row.id,
              kind: row.kind,
              orderId: row.orderId,
              to: row.to,
              attempts: row.attempts,
              lastError,
              at: now,
            },
            tx,
          );
      });
      const facts = {
        mailId: row.id,
        kind: row.kind,
        orderId: row.orderId,
        attempts: row.attempts,
        lastError,
      };
      if (givenUp) this.deps.log.error(facts, 'order mail given up after its last try');
      else this.deps.log.warn(facts, 'order mail not sent: will try again');
      return;
    }
    await this.deps.db
      .update(mailOutbox)
      .set({ state: 'sent', sentAt: this.deps.clock.now(), lastError: null })
      .where(mine);
  }

  private async render(row: Claimed): Promise<MailMessage> {
    if (row.kind.startsWith('alert.'))
      return alertMail(row.to, mailLanguage(row.language), row.payload as AlertMail, this.deps.settings);
    if (row.orderId === null) throw new Error(`mail ${row.id} names no order`);
    const [order] = await this.deps.db.select().from(orders).where(eq(orders.id, row.orderId));
    if (!order) throw new Error(`order ${row.orderId} is gone`);
    const lines = await this.deps.db
      .select({
        enName: orderLines.enName,
        znName: orderLines.znName,
        priceCents: orderLines.priceCents,
        num: orderLines.num,
        weightUnit: orderLines.weightUnit,
        unitPriceCents: orderLines.unitPriceCents,
        pieceGrams: orderLines.pieceGrams,
        estimateGrams: orderLines.estimateGrams,
        weighedGrams: orderLines.weighedGrams,
        weighedCents: orderLines.weighedCents,
        state: packingLines.state,
        replacementEnName: packingLines.replacementEnName,
        replacementZnName: packingLines.replacementZnName,
        chargedPriceCents: packingLines.chargedPriceCents,
      })
      .from(orderLines)
      .leftJoin(packingLines, eq(packingLines.orderLineId, orderLines.id))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    const money = await orderMoney(this.deps.db, order.id);
    return orderMail(
      {
        kind: row.kind as OrderMailKind,
        to: row.to,
        language: mailLanguage(row.language),
        orderNo: order.orderNo,
        lines: lines.map(({ state, replacementEnName, replacementZnName, chargedPriceCents, ...l }) =>
          // An approved dearer substitute is in the order's figures: the line shows it at its price.
          state === 'replaced' && chargedPriceCents !== null && chargedPriceCents > l.priceCents
            ? {
                ...l,
                enName: `${l.enName} → ${replacementEnName ?? ''}`,
                znName: `${l.znName} → ${replacementZnName ?? ''}`,
                priceCents: chargedPriceCents,
              }
            : l,
        ),
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        taxCents: order.taxCents,
        taxes: await this.deps.db
          .select({ ratePpm: orderTaxes.ratePpm, taxCents: orderTaxes.taxCents })
          .from(orderTaxes)
          .where(eq(orderTaxes.orderId, order.id))
          .orderBy(asc(orderTaxes.ratePpm)),
        deliveryFeeCents: order.deliveryFeeCents,
        totalCents: order.totalCents,
        estimate: order.weighed && order.weighedAt === null,
        address: {
          name: order.shipName,
          surname: order.shipSurname,
          phone: order.shipPhone,
          address: order.shipAddress,
          area: order.shipArea,
          city: order.shipCity,
          province: order.shipProvince,
          zip: order.shipZip,
          instructions: order.shipInstructions,
        },
        extra: (row.payload ?? {}) as OrderMailExtra,
        coupon: order.couponCode,
        placedAt: order.createdAt,
        payment: money.payment,
        refundedCents: money.refundedCents,
        slot:
          order.slotStartsAt && order.slotEndsAt
            ? { startsAt: order.slotStartsAt, endsAt: order.slotEndsAt }
            : null,
      },
      this.deps.settings,
    );
  }
}
