import { eq } from 'drizzle-orm';
import { formatCents } from '#shared/money';
import { ORDER_STATUS, orderStatusName } from '#shared/schemas/order';
import { orders } from '../db/schema';
import { AppError, NotFound } from '../errors';
import { createGateways, sandboxWalletSecret } from '../gateways/create-gateways';
import { translate } from '../i18n';
import { NO_STOCK_LISTENER } from '../modules/catalogue/catalogue.changes';
import { recentOrders, runOrderAction } from '../modules/order/order.actions';
import { expireOverdueOrders } from '../modules/order/order.expiry';
import { type OrderAction, ruleOf } from '../modules/order/order.machine';
import { orderDetail } from '../modules/order/order.queries';
import { type RefundResult, refundOrder } from '../modules/payment/payment.refund';
import { loadShopSecret } from '../secret';
import { mediaCommands } from './media-commands';
import { type ShopCommand, type ShopContext, UsageError } from './shop-command';
import { staffCommands } from './staff-commands';

export type { ShopContext };

function orderNoOf(args: string[]): string {
  const [orderNo] = args;
  if (!orderNo) throw new UsageError('this command needs an order number');
  return orderNo;
}

function statusOf(arg: string | undefined): number | undefined {
  if (arg === undefined) return undefined;
  const n = /^[1-6]$/.test(arg) ? Number(arg) : ORDER_STATUS[arg as keyof typeof ORDER_STATUS];
  if (n === undefined) throw new UsageError(`unknown status ${arg}`);
  return n;
}

/** An amount as the owner types it (12.50, in dollars): integer cents. */
function centsOf(arg: string | undefined): number | undefined {
  if (arg === undefined) return undefined;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(arg)) throw new UsageError(`not an amount: ${arg}`);
  return Math.round(Number(arg) * 100);
}

function describeRefund(r: RefundResult): string {
  const via = r.kind === 'card' && r.cardLast4 ? `card **** ${r.cardLast4}` : `${r.vendor} (${r.reference})`;
  const then = r.whole
    ? 'status -> refunded'
    : `${formatCents(r.refundedCents)} refunded so far; status unchanged`;
  return `order ${r.orderNo}: refunded ${formatCents(r.amountCents)} to ${via}; ${then}`;
}

/** pack, ship, complete, cancel: through the order state machine, as the console does them. */
function transition(action: OrderAction, does: string): ShopCommand {
  const { from, to } = ruleOf(action);
  return {
    args: 'ORDER',
    does: [does],
    async run(ctx, args) {
      const orderNo = orderNoOf(args);
      await runOrderAction(ctx.database.db, { orderNo, action, staffId: null }, ctx.clock);
      const moved =
        from === to
          ? `${orderStatusName(from)}, packed`
          : `${orderStatusName(from)} -> ${orderStatusName(to)}`;
      ctx.print(`order ${orderNo}: ${moved}`);
    },
  };
}

/** Every command, by name: a new one is one more entry here. */
const COMMANDS: Record<string, ShopCommand> = {
  orders: {
    args: '[STATUS]',
    does: [
      'list orders, newest first; STATUS: pending, processing, shipped,',
      'completed, cancelled, refunded (or 1-6)',
    ],
    async run(ctx, [status]) {
      const rows = await recentOrders(ctx.database.db, statusOf(status));
      if (rows.length === 0) ctx.print('no orders');
      for (const o of rows) {
        ctx.print(
          [
            o.orderNo,
            (orderStatusName(o.status) ?? String(o.status)).padEnd(10),
            formatCents(o.totalCents).padStart(10),
            `${o.totalCount} items`.padEnd(10),
            o.createdAt.toISOString(),
            o.email,
          ].join('  '),
        );
      }
    },
  },
  show: {
    args: 'ORDER',
    does: ['one order in full'],
    async run(ctx, args) {
      const orderNo = orderNoOf(args);
      const { db } = ctx.database;
      const [row] = await db
        .select({ userId: orders.userId })
        .from(orders)
        .where(eq(orders.orderNo, orderNo));
      if (!row) throw new NotFound('errors:order.notFound');
      ctx.print(JSON.stringify(await orderDetail(db, row.userId, orderNo, ctx.config.shopTimeZone), null, 2));
    },
  },
  pack: transition('pack', 'processing -> packed (shoppers still see processing)'),
  ship: transition('ship', 'processing -> shipped'),
  complete: transition('complete', 'shipped -> completed'),
  cancel: transition('cancel', 'pending -> cancelled (its stock returns)'),
  refund: {
    args: 'ORDER [AMOUNT]',
    does: [
      'processing, shipped or completed -> refunded: all of the payment goes back',
      'through the gateway that took it (PAYMENTS and its credentials); with',
      'AMOUNT (dollars, e.g. 12.50) only that much, and the status stays',
    ],
    async run(ctx, args) {
      const orderNo = orderNoOf(args);
      const amountCents = centsOf(args[1]);
      const { clock, log } = ctx;
      const sandboxSecret = sandboxWalletSecret(loadShopSecret(ctx.config));
      const gateways = createGateways(ctx.config, { clock, log, sandboxSecret });
      const deps = { db: ctx.database.db, clock, gateways, log };
      const reason = 'refund from the command line';
      ctx.print(describeRefund(await refundOrder(deps, orderNo, { amountCents, reason, staffId: null })));
    },
  },
  ...staffCommands,
  ...mediaCommands,
};

/** Whether `name` is one of the commands (checked before anything is opened). */
export function isShopCommand(name: string): boolean {
  return Object.hasOwn(COMMANDS, name);
}

/** The command line's help, made from the table above. */
export function shopUsage(): string {
  const lines = Object.entries(COMMANDS).flatMap(([name, c]) => {
    const head = `${name} ${c.args}`.padEnd(20);
    return c.does.map((text, i) => `  ${i === 0 ? head : ''.padEnd(20)}${text}`);
  });
  return [
    'npm run shop -- <command>',
    '',
    ...lines,
    '',
    'Uses the same configuration as the server (DATABASE_URL, DATA_DIR, PAYMENTS, …). While the',
    'server runs on an embedded database, commands go to it (DATA_DIR/db.lock/shop.sock).',
  ].join('\n');
}

/**
 * Runs one command (`argv` as typed after `npm run shop --`) and answers its exit status: 0 done,
 * 1 refused or failed (no such order, wrong status, a gateway's no), 2 not understood. What went
 * wrong goes to `fail` (standard error), never as an exception.
 */
export async function runShopCommand(
  argv: readonly string[],
  ctx: ShopContext,
  fail: (message: string) => void,
): Promise<number> {
  const [name, ...args] = argv;
  const command = name !== undefined && isShopCommand(name) ? COMMANDS[name] : undefined;
  if (!command) {
    fail(name === undefined ? shopUsage() : `unknown command ${name}\n\n${shopUsage()}`);
    return 2;
  }
  try {
    // Orders past their ten minutes are cancelled first, so the owner sees what shoppers see.
    await expireOverdueOrders({ db: ctx.database.db, clock: ctx.clock, catalogue: NO_STOCK_LISTENER });
    await command.run(ctx, args);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      fail(`${err.message}\n\n${shopUsage()}`);
      return 2;
    }
    // A refusal (AppError), or what stopped it (a gateway's settings missing, the database gone).
    fail(
      err instanceof AppError ? translate('en', err.key, err.params) : String((err as Error)?.message ?? err),
    );
    return 1;
  }
}
