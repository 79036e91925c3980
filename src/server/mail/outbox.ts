import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { mailOutbox, orders, users } from '#server/db/schema';
import { emit } from '#server/events';
import type { Language } from '#shared/constants';
import type { AlertMail } from './alert-mail';

export const ORDER_MAIL_KINDS = [
  'placed',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  'refunded',
  'packed',
  'substitution',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

export type MailState = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * Mail queued, told to every process (PostgreSQL): the transaction that queues a mail sends NOTIFY
 * on this channel, delivered to every listener when (and only if) it commits, and each process's
 * outbox worker runs at once (outbox-worker.ts). Many mails in one transaction make one message.
 */
export const MAIL_QUEUED_CHANNEL = 'mail_queued';

/** How many mails a transaction queued: on PGlite (one process) this wakes the worker in process. */
export interface MailQueued {
  count: number;
}

declare module '#server/events' {
  interface DomainEvents {
    'mail.queued': MailQueued;
  }
}

/** Tells whoever sends mail that `count` were queued in `tx`, once it commits. */
async function tellQueued(tx: Tx, count: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
  await emit('mail.queued', { count }, tx);
}

/** What an order row does not say, kept with the mail: shipping details, a refund's amount and where it went. */
export interface OrderMailExtra {
  carrier?: string;
  tracking?: string;
  /** A refund: how much went back, and to what (`card` with its last four digits, or a wallet). */
  amountCents?: number;
  paymentKind?: string;
  vendor?: string;
  cardLast4?: string | null;
  /** Packing (`packed` mail): the lines short or replaced, each with what it gives back. */
  changes?: PackingChange[];
  /** A substitute proposed (`substitution` mail): the line, the substitute, and until when to answer. */
  substitution?: ProposalMail;
  /**
   * A weighed order's held card: its short lines are taken off what is charged after packing,
   * never charged, rather than refunded (docs/architecture.md §6, Weighed goods).
   */
  notCharged?: boolean;
  /**
   * A weighed order's packed mail: what its payment is charged in the end (a held card's capture,
   * what a wallet keeps), which its receipt ends with when it differs from the order's total.
   */
  chargedCents?: number;
}

/** What the shopper's proposal mail says. */
export interface ProposalMail {
  enName: string;
  znName: string;
  replacementEnName: string;
  replacementZnName: string;
  linePriceCents: number;
  priceCents: number;
  /** ISO time of the deadline. */
  deadline: string;
}

/** One line that packing changed, as the shopper's mail lists it. */
export interface PackingChange {
  enName: string;
  znName: string;
  num: number;
  state: 'short' | 'replaced';
  shortQty: number;
  replacementEnName: string | null;
  replacementZnName: string | null;
  refundCents: number;
  /** What an approved dearer substitute costs over the line, all units; 0 otherwise. */
  dearerCents?: number;
}

/**
 * Queues the mail that tells the shopper of an order change, in the caller's transaction: it is
 * committed with the change or not at all, and the outbox worker sends it as soon as it commits. The address
 * and language are the shopper's at the time of the change; the mail is due from `at`, the
 * change's time (by default the order's `updated_at`). A second mail of the same kind for one
 * order (refunds aside) is not queued. Queued for every order change a shopper hears of by the
 * `order.changed` listener (modules/order/order.mail.ts), and by packing for its changes.
 */
export async function enqueueOrderMail(
  tx: Tx,
  kind: OrderMailKind,
  orderId: number,
  extra: OrderMailExtra = {},
  at?: Date,
): Promise<void> {
  const [row] = await tx
    .select({ userId: orders.userId, at: orders.updatedAt, to: users.email, language: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} does not exist`);
  const queued = await tx
    .insert(mailOutbox)
    .values({
      kind,
      orderId,
      userId: row.userId,
      to: row.to,
      language: mailLanguage(row.language),
      payload: extra,
      nextAttemptAt: at ?? row.at,
      createdAt: at ?? row.at,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  if (queued.length > 0) await tellQueued(tx, queued.length);
}

export interface OrderMailState {
  kind: OrderMailKind;
  state: MailState;
  attempts: number;
  sentAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/** The mails of one order, oldest first, for the operator console's timeline. */
export async function mailsOfOrder(db: Db, orderId: number): Promise<OrderMailState[]> {
  const rows = await db
    .select({
      kind: mailOutbox.kind,
      state: mailOutbox.state,
      attempts: mailOutbox.attempts,
      sentAt: mailOutbox.sentAt,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.map((r) => ({ ...r, kind: r.kind as OrderMailKind, state: r.state as MailState }));
}

/** A shopper's language as the mails use it. */
export function mailLanguage(value: string): Language {
  return value === 'zh' ? 'zh' : 'en';
}

/** A staff alert to queue: whom it goes to (their address and language now) and what it says. */
export interface StaffMail {
  staffId: number;
  to: string;
  language: string;
  alert: AlertMail;
}

/**
 * Queues staff alerts in the caller's transaction, due at `at`; the outbox worker sends them as it
 * sends the shoppers' mails (kind `alert.<kind>`, no order or shopper).
 */
export async function enqueueStaffMails(tx: Tx, mails: StaffMail[], at: Date): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map((m) => ({
      kind: `alert.${m.alert.kind}`,
      staffId: m.staffId,
      to: m.to,
      language: mailLanguage(m.language),
      payload: m.alert,
      nextAttemptAt: at,
      createdAt: at,
    })),
  );
  await tellQueued(tx, mails.length);
}

/** A mail given up after its last try (`failed`), told in the transaction that marks it. */
export interface MailGivenUp {
  mailId: number;
  kind: string;
  orderId: number | null;
  to: string;
  attempts: number;
  lastError: string;
  at: Date;
}

declare module '#server/events' {
  interface DomainEvents {
    'mail.givenUp': MailGivenUp;
  }
}
