import { eq } from 'drizzle-orm';
import pino from 'pino';
import { formatCents } from '../../shared/money';
import { ORDER_STATUS } from '../../shared/schemas/order';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { orders } from '../db/schema';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { loggerOptions } from '../logging';
import { listShopOrders, moveOrder, SHOP_TRANSITIONS } from '../modules/order/order.admin';
import { expireOverdueOrders } from '../modules/order/order.expiry';
import { orderDetail } from '../modules/order/order.queries';
import { createGateways, sandboxWalletSecret } from '../modules/payment/gateways/gateway';
import { type RefundResult, refundOrder } from '../modules/payment/payment.refund';
import { loadShopSecret } from '../secret';

const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ORDER_STATUS).map(([k, v]) => [v, k]),
);

const USAGE = `npm run shop -- <command>

  orders [STATUS]     list orders, newest first; STATUS: pending, processing, shipped,
                      completed, cancelled, refunded (or 1-6)
  show ORDER          one order in full
  ship ORDER          processing -> shipped
  complete ORDER      shipped -> completed
  cancel ORDER        pending -> cancelled (its stock returns)
  refund ORDER        processing, shipped or completed -> refunded: all of the payment goes back
                      through the gateway that took it (PAYMENTS and its credentials)

Uses the same configuration as the server (DATABASE_URL, DATA_DIR, PAYMENTS, …).`;

function describeRefund(r: RefundResult): string {
  const via = r.kind === 'card' && r.cardLast4 ? `card **** ${r.cardLast4}` : `${r.vendor} (${r.reference})`;
  return `order ${r.orderNo}: refunded ${formatCents(r.amountCents)} to ${via}; status -> refunded`;
}

function statusOf(arg: string | undefined): number | undefined {
  if (arg === undefined) return undefined;
  const n = /^[1-6]$/.test(arg) ? Number(arg) : ORDER_STATUS[arg as keyof typeof ORDER_STATUS];
  if (n === undefined) throw new Error(`unknown status ${arg}\n\n${USAGE}`);
  return n;
}

/** The shop owner's command line: runs one command against the shop's database and exits. */
async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await runMigrations(database);
    await expireOverdueOrders(database.db, systemClock.now());
    if (command === 'orders') {
      const rows = await listShopOrders(database.db, statusOf(arg));
      if (rows.length === 0) console.log('no orders');
      for (const o of rows) {
        console.log(
          [
            o.orderNo,
            (STATUS_NAMES[o.status] ?? String(o.status)).padEnd(10),
            formatCents(o.totalCents).padStart(10),
            `${o.totalCount} items`.padEnd(10),
            o.createdAt.toISOString(),
            o.email,
          ].join('  '),
        );
      }
      return 0;
    }
    if (!arg) throw new Error(`${command} needs an order number\n\n${USAGE}`);
    if (command === 'show') {
      const [row] = await database.db
        .select({ userId: orders.userId })
        .from(orders)
        .where(eq(orders.orderNo, arg));
      if (!row) throw new Error(`no order ${arg}`);
      console.log(JSON.stringify(await orderDetail(database.db, row.userId, arg), null, 2));
      return 0;
    }
    if (command === 'refund') {
      const log = pino(loggerOptions(config.logLevel), pino.destination(2));
      const sandboxSecret = sandboxWalletSecret(loadShopSecret(config));
      const gateways = createGateways(config, { clock: systemClock, log, sandboxSecret });
      const result = await refundOrder({ db: database.db, clock: systemClock, gateways, log }, arg);
      console.log(describeRefund(result));
      return 0;
    }
    const transition = SHOP_TRANSITIONS[command as keyof typeof SHOP_TRANSITIONS];
    if (!transition) throw new Error(`unknown command ${command}\n\n${USAGE}`);
    await moveOrder(database.db, arg, transition[0], transition[1], systemClock);
    console.log(`order ${arg}: ${STATUS_NAMES[transition[0]]} -> ${STATUS_NAMES[transition[1]]}`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(
      err instanceof AppError
        ? translate('en', err.key, err.params)
        : err instanceof Error
          ? err.message
          : err,
    );
    process.exit(1);
  },
);
