import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The catalogue. Money is integer cents, weights grams. Names come in pairs: en_ and zn_.
 * Later domains (accounts, cart, orders, payments) add their own tables below in later migrations.
 */

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    key: text('key').notNull().unique(),
    enName: text('en_name').notNull(),
    znName: text('zn_name').notNull(),
    icon: text('icon').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    key: text('key').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    enName: text('en_name').notNull(),
    znName: text('zn_name').notNull(),
    brandEnName: text('brand_en_name').notNull().default(''),
    brandZnName: text('brand_zn_name').notNull().default(''),
    enNumber: text('en_number').notNull().default(''),
    znNumber: text('zn_number').notNull().default(''),
    enWeight: text('en_weight').notNull().default(''),
    znWeight: text('zn_weight').notNull().default(''),
    weightG: integer('weight_g').notNull().default(0),
    netWeightG: integer('net_weight_g').notNull().default(0),
    /**
     * Net volume and piece count (docs/product.md, Price per unit): the unit price is per piece when
     * a count is set, else per volume when a volume is set, else per net weight.
     */
    netVolumeMl: integer('net_volume_ml').notNull().default(0),
    netCount: integer('net_count').notNull().default(0),
    /** EAN-13, UPC-A or EAN-8 with a right check digit (docs/product.md, Barcodes); null when none. */
    barcode: text('barcode').unique(),
    /** The 5-digit item code in-store scale labels carry; null when none. */
    scaleItemCode: text('scale_item_code').unique(),
    boxGauge: text('box_gauge').notNull().default(''),
    termDays: integer('term_days').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    realStock: integer('real_stock').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    enDescribe: text('en_describe').notNull().default(''),
    znDescribe: text('zn_describe').notNull().default(''),
    productImage: text('product_image').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    /** The console's Today lists the product as low on stock when real_stock <= this. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    /** Its tax class (docs/product.md, Tax); a class in use cannot be removed. */
    taxClass: text('tax_class')
      .notNull()
      .default('groceries')
      .references(() => taxClasses.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    /**
     * Set when the console deletes a product that orders refer to: it is unpublished and hidden
     * from the console's default list; orders keep their snapshot. Null while the product is live.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Set whenever stock or sold count changes (orders, expiry, payment): each process polls its
     * recent changes to refresh the stock figures it serves, without rebuilding the whole catalogue.
     * A new product starts at the epoch: the catalogue load that follows its insert reads its stock.
     */
    stockChangedAt: timestamp('stock_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`'epoch'`),
    /**
     * 'unit' (a pack at price_cents) or 'weight' (docs/product.md, Sold by weight): then the price
     * is unit_price_cents per weight_unit, kept in the unit it was set in so a shop switching
     * between lb and kg never changes what shoppers pay (docs/decisions/027-weighed-prices-keep-their-unit.md);
     * it is ordered by steps of step_milli thousandths of that unit, or by the piece of about
     * piece_grams; price_cents is then the price of one step or piece (src/shared/weight.ts).
     */
    soldBy: text('sold_by').notNull().default('unit'),
    weightUnit: text('weight_unit'),
    unitPriceCents: integer('unit_price_cents'),
    stepMilli: integer('step_milli'),
    pieceGrams: integer('piece_grams'),
  },
  (t) => [
    check(
      'products_sold_by',
      sql`${t.soldBy} = 'unit' or (${t.soldBy} = 'weight' and ${t.weightUnit} in ('lb', 'kg') and ${t.unitPriceCents} >= 0 and ((${t.stepMilli} > 0 and ${t.pieceGrams} is null) or (${t.pieceGrams} > 0 and ${t.stepMilli} is null)))`,
    ),
    index('products_category_idx').on(t.categoryId),
    index('products_stock_changed_idx').on(t.stockChangedAt),
    index('products_created_idx').on(t.createdAt),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('products_stock_nonnegative', sql`${t.realStock} >= 0`),
    check('products_net_nonnegative', sql`${t.netVolumeMl} >= 0 and ${t.netCount} >= 0`),
    check('products_barcode_digits', sql`${t.barcode} ~ '^([0-9]{8}|[0-9]{12,13})$'`),
    check('products_scale_item_code_digits', sql`${t.scaleItemCode} ~ '^[0-9]{5}$'`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    link: text('link').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  type: smallint('type').notNull(),
  url: text('url').notNull(),
  image: text('image').notNull(),
  sort: integer('sort').notNull().default(0),
  /** Shown over the picture when set; '' shows the name of what the banner leads to. */
  enHeadline: text('en_headline').notNull().default(''),
  znHeadline: text('zn_headline').notNull().default(''),
  /** The call to action; '' shows the storefront's own text for the banner's type. */
  enCta: text('en_cta').notNull().default(''),
  znCta: text('zn_cta').notNull().default(''),
  /** Shown from `starts_at` (null: always) until before `ends_at` (null: never ends). */
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  /** Shoppers see published banners only; the console creates them unpublished, for a preview. */
  published: boolean('published').notNull().default(true),
});

export const plates = pgTable('plates', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  style: smallint('style').notNull(),
  enName: text('en_name').notNull(),
  znName: text('zn_name').notNull(),
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
  sort: integer('sort').notNull().default(0),
  /** Shoppers see published plates only; the console creates them unpublished, for a preview. */
  published: boolean('published').notNull().default(true),
});

export const plateItems = pgTable('plate_items', {
  id: serial('id').primaryKey(),
  plateId: integer('plate_id')
    .notNull()
    .references(() => plates.id, { onDelete: 'cascade' }),
  img: text('img').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  enName: text('en_name').notNull(),
  znName: text('zn_name').notNull(),
  adImg: text('ad_img').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    promotionPriceCents: integer('promotion_price_cents').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.productId] }),
    index('promotion_products_product_idx').on(t.productId),
  ],
);

/**
 * One row whose version every process polls: a catalogue change bumps it, and each process then
 * rebuilds its in-memory catalogue, search index and pre-serialised answers.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true, mode: 'date' }),
});

/**
 * The fingerprint of the shop's secret (secret-fingerprint.ts): one row, written by the first
 * process that starts, so a process with another secret refuses to start.
 */
export const shopSecret = pgTable(
  'shop_secret',
  {
    id: smallint('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('shop_secret_one_row', sql`${t.id} = 1`)],
);

/** Accounts (docs/architecture.md §5): shoppers, their sign-in tokens, mailed codes and failed sign-ins. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  /** Lower-cased; one account per address. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull().default(''),
  /** `scrypt$N$r$p$salt$hash`, base64url parts; the parameters travel with the hash. */
  passwordHash: text('password_hash').notNull(),
  language: text('language').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Set by staff: the shopper cannot sign in, and their sessions were ended. */
  disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  /** What to do with an ordered item the shop finds missing, unless a line says otherwise: 'refund' | 'replace'. */
  whenMissing: text('when_missing').notNull().default('refund'),
  /** The newest order event (`order_events.id`) the shopper has seen in the bell; 0: none yet. */
  eventsReadId: integer('events_read_id').notNull().default(0),
});

/** A sign-in token: only its SHA-256 is kept, so a database leak reveals no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A 6-digit code mailed for sign-up or password reset; single use, 5 wrong tries void it. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    /** Empty when the mail carried no code (sign-up for an address that already has an account). */
    codeHash: text('code_hash').notNull(),
    /** The client that asked for it, for the per-client cap. */
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('email_codes_email_idx').on(t.email, t.purpose, t.createdAt),
    index('email_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Password tries (sign-ins and password changes) that failed or are being checked, counted per
 * address, per client and per pair to throttle guessing (account.throttle.ts).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.at),
    index('sign_in_failures_ip_idx').on(t.ip, t.at),
  ],
);

/** Clients that signed in to an address (or reset its password): exempt from its shared back-off. */
export const signInClients = pgTable(
  'sign_in_clients',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('sign_in_clients_email_ip_idx').on(t.email, t.ip)],
);

/** One cart per shopper: a line per product, amount 0–99999 and never above the stock. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The line's 'refund' | 'replace' if missing; null follows the shopper's default (users.when_missing). */
    whenMissing: text('when_missing'),
    /** With 'replace': the specific substitute the shopper picked (same category); null = best match. */
    substituteProductId: integer('substitute_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    /** Ask the shopper before replacing (docs/product.md, Substitutions). */
    substituteAsk: boolean('substitute_ask').notNull().default(false),
    /** A specific substitute out of stock may become the packer's best match. */
    substituteFallback: boolean('substitute_fallback').notNull().default(false),
    /**
     * The shopper chose 'Keep' on the line while it was sold out or short (docs/product.md, Cart
     * and checkout); a new amount is a new choice and clears it.
     */
    kept: boolean('kept').notNull().default(false),
  },
  (t) => [
    uniqueIndex('cart_lines_user_product_idx').on(t.userId, t.productId),
    check('cart_lines_amount_range', sql`${t.amount} between 0 and 99999`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    area: text('area').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    zip: text('zip').notNull(),
    /** For the driver and the packer: gate code, leave at the door (docs/product.md, Addresses). */
    instructions: text('instructions').notNull().default(''),
    defaultStatus: smallint('default_status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default address per shopper.
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.defaultStatus} = 1`),
  ],
);

/** Coupons: percent or fixed off, valid between two dates, above a minimum subtotal, within usage limits. */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  kind: text('kind').notNull(),
  /** Percent (1–100) for `percent`, cents for `fixed`. */
  value: integer('value').notNull(),
  minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** How many orders may use it in all (null: no limit); a cancelled or expired order gives its use back. */
  usageLimit: integer('usage_limit'),
  /** How many orders one shopper may use it on (null: no limit). */
  perShopperLimit: integer('per_shopper_limit').default(1),
  /** False: disabled by staff; orders refuse it as not valid. */
  active: boolean('active').notNull().default(true),
  /** Listed to every shopper on the Coupons page; a private code still works when typed. */
  public: boolean('public').notNull().default(false),
});

/**
 * An order copies what was bought (names, prices, images) and where it goes, so later catalogue
 * or address changes never alter it. Status: 1 pending, 2 processing, 3 shipped, 4 completed,
 * 5 cancelled, 6 refunded.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull(),
    totalCount: integer('total_count').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The delivery fee charged (0 when free or none is set), part of total_cents. */
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    shipName: text('ship_name').notNull(),
    shipSurname: text('ship_surname').notNull(),
    shipPhone: text('ship_phone').notNull(),
    shipAddress: text('ship_address').notNull(),
    shipArea: text('ship_area').notNull(),
    shipCity: text('ship_city').notNull(),
    shipProvince: text('ship_province').notNull(),
    shipZip: text('ship_zip').notNull(),
    /** The address's delivery instructions, copied at placement like the address. */
    shipInstructions: text('ship_instructions').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** Set while a card payment is with the gateway: one attempt in flight per order. */
    paymentStartedAt: timestamp('payment_started_at', { withTimezone: true, mode: 'date' }),
    /** When "Paid Already" last asked the gateway about this order: at most once per few seconds. */
    paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true, mode: 'date' }),
    /** Packed by the shop: a sub-state of processing (shoppers still see "processing"). */
    packedAt: timestamp('packed_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    /** What the shop said when shipping, both optional. */
    carrier: text('carrier'),
    tracking: text('tracking'),
    /** The delivery window the order holds a place in (delivery_slots), when the shopper chose one. */
    slotStartsAt: timestamp('slot_starts_at', { withTimezone: true, mode: 'date' }),
    slotEndsAt: timestamp('slot_ends_at', { withTimezone: true, mode: 'date' }),
    /**
     * The order has lines sold by weight: its total is an estimate until packed, a card is
     * authorized (estimate plus the shop's buffer) and captured for the weighed amount after packing.
     */
    weighed: boolean('weighed').notNull().default(false),
    /**
     * A weighed order's figures as placed (null for other orders): what the shopper saw as the
     * estimate, and what a card hold is sized from. subtotal/tax/total_cents become the weighed
     * figures as lines are weighed; weighed_at is set once every weighed line has its weight.
     */
    estimateSubtotalCents: integer('estimate_subtotal_cents'),
    estimateTaxCents: integer('estimate_tax_cents'),
    estimateTotalCents: integer('estimate_total_cents'),
    weighedAt: timestamp('weighed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_pending_idx').on(t.expiresAt).where(sql`${t.status} = 1`),
    // One shopper's unpaid orders (limits, expiry on read) without reading their paid history.
    index('orders_user_pending_idx').on(t.userId, t.expiresAt).where(sql`${t.status} = 1`),
    // The reports and Today read paid orders by the instant they were paid.
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productUuid: uuid('product_uuid').notNull(),
    enName: text('en_name').notNull(),
    znName: text('zn_name').notNull(),
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    num: integer('num').notNull(),
    /** What the shopper chose for this line if the packer finds it missing: 'refund' | 'replace'. */
    whenMissing: text('when_missing').notNull().default('refund'),
    /** As cart_lines: the specific substitute (null = best match), ask first, best match if it is out. */
    substituteProductId: integer('substitute_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    substituteAsk: boolean('substitute_ask').notNull().default(false),
    substituteFallback: boolean('substitute_fallback').notNull().default(false),
    /**
     * The line's tax as charged (docs/product.md, Tax): its rate, its share of the coupon's
     * discount and its share of its rate's tax, so a refund gives back exactly its part.
     */
    taxRatePpm: integer('tax_rate_ppm').notNull().default(45_000),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /**
     * A line sold by weight (null otherwise): its price per weight_unit, the weight and goods it
     * was estimated at when placed (num steps or pieces), and once weighed at packing the weighed
     * grams and goods; its goods are then weighed_cents instead of price_cents × num.
     */
    weightUnit: text('weight_unit'),
    unitPriceCents: integer('unit_price_cents'),
    /** Set when the line was ordered by the piece (num pieces of about this much). */
    pieceGrams: integer('piece_grams'),
    estimateGrams: integer('estimate_grams'),
    estimateCents: integer('estimate_cents'),
    weighedGrams: integer('weighed_grams'),
    weighedCents: integer('weighed_cents'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_weighed_positive', sql`${t.weighedGrams} is null or ${t.weighedGrams} > 0`),
  ],
);

/**
 * An order's tax, one row per rate it was charged at (docs/product.md, Tax): what the order, its
 * receipt, its mails and the reports show as "tax by rate". taxable_cents is what the rate applied
 * to (goods after the coupon, plus the fee where the shop taxes it); the rows' tax_cents add up to
 * orders.tax_cents.
 */
export const orderTaxes = pgTable(
  'order_taxes',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The rate in parts per million: 45,000 is 4.5 %, 88,750 is 8.875 %. */
    ratePpm: integer('rate_ppm').notNull(),
    taxableCents: integer('taxable_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.ratePpm] })],
);

/** A coupon used by a shopper on an order; released again when the order is cancelled or expires. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // One coupon per order; a shopper may use a coupon as often as its per-shopper limit allows.
    primaryKey({ columns: [t.orderId] }),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
  ],
);

/**
 * Every attempt to take money for an order: a card charge or a wallet payment started. At most
 * one per order reaches `succeeded` (applied once, whatever the retries and notifications).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** `card` or `wallet`. */
    kind: text('kind').notNull(),
    /** creditcard | wechatpay | alipay. */
    vendor: text('vendor').notNull(),
    /** `sandbox` or `live`: which gateway took (or was asked to take) the money. */
    gateway: text('gateway').notNull(),
    /** What the gateway knows the attempt by (the order number, with an attempt suffix for wallets). */
    reference: text('reference').notNull().unique(),
    transactionId: text('transaction_id'),
    /** started | succeeded | failed | refunded */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    message: text('message'),
    /**
     * Sandbox wallet attempts: when the pay link's Pay or Fail was pressed. A link is used once
     * (a conditional update claims it, in whichever process), so Fail can never be followed by Pay.
     */
    sandboxUsedAt: timestamp('sandbox_used_at', { withTimezone: true, mode: 'date' }),
    /**
     * A weighed order's payment (docs/architecture.md, Weighed goods): null for an ordinary charge.
     * `authorized` (a card held, or a wallet paid, for the estimate plus the buffer); `capture` or
     * `void` once packing or cancelling recorded what to do (the intent, claimed by the hold
     * worker before it asks the gateway); then `captured` or `voided`; `failed` when given up.
     */
    holdState: text('hold_state'),
    /** What was held (a card) or paid (a wallet): the most the order may come to. */
    heldCents: integer('held_cents'),
    /** The weighed amount to keep, set with the `capture` intent; after it, what was kept. */
    captureCents: integer('capture_cents'),
    holdAttempts: integer('hold_attempts').notNull().default(0),
    /** When the intent is due: now when recorded, a lease while the gateway is asked, a back-off after a no. */
    holdNextAt: timestamp('hold_next_at', { withTimezone: true, mode: 'date' }),
    holdMessage: text('hold_message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // The hold worker's due intents.
    index('payments_hold_due_idx').on(t.holdNextAt).where(sql`${t.holdState} in ('capture', 'void')`),
    uniqueIndex('payments_one_success_idx')
      .on(t.orderId)
      .where(sql`${t.status} in ('succeeded', 'refunded')`),
  ],
);

/** Saved cards: a gateway token with what a shopper recognises; never a number or security code. */
export const creditCards = pgTable(
  'credit_cards',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('credit_cards_user_idx').on(t.userId)],
);

/**
 * Card tries that count against the card-testing limit: every save or payment that shows a card to
 * the gateway reserves one as `pending` first; a refused one becomes `refused`; approved and
 * unavailable ones are deleted, so the table holds only what counts (and a key's old rows until
 * its next try prunes them), however many payments the shop takes.
 */
export const cardTries = pgTable(
  'card_tries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's IPv4 address or IPv6 /64 (see clientKey). */
    clientKey: text('client_key').notNull(),
    /** add | replace | pay */
    kind: text('kind').notNull(),
    /** pending | refused */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('card_tries_user_idx').on(t.userId, t.createdAt),
    index('card_tries_client_idx').on(t.clientKey, t.createdAt),
  ],
);

// ---- The order-mail outbox ----

/**
 * Order mails waiting to be sent, written in the same transaction as the order change they tell
 * of (src/server/mail/outbox.ts), so a change is never committed without its mail nor a mail sent
 * for a change that rolled back. The worker (outbox-worker.ts) claims due rows, sends them and
 * marks them sent; a failed try waits `next_attempt_at` (exponential back-off) and after the last
 * one the row is `failed`. A row `sending` holds a lease until `next_attempt_at`: when its process
 * died, the next worker takes it again after that.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** placed | paid | shipped | cancelled | expired | refunded | packed, or a staff alert: alert.<kind> */
    kind: text('kind').notNull(),
    /** The order a shopper's mail is about; null for a staff alert (`alert.*`). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The shopper it goes to; null for a staff alert, which names `staffId` instead. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    language: text('language').notNull(),
    /** What the order row does not say: carrier and tracking, a refund's amount and where it went. */
    payload: jsonb('payload').notNull().default({}),
    /** queued | sending | sent | failed */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    index('mail_outbox_order_idx').on(t.orderId),
    // One mail of each kind per order (a refund may come in parts, and each line may have its
    // substitute proposed, so those two are not limited).
    uniqueIndex('mail_outbox_once_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} not in ('refunded', 'substitution')`),
  ],
);

/*
 * The shop's staff (operator console), their sessions, one-time set-password links and
 * the audit log of what they changed (docs/architecture.md, Staff).
 */

/** A staff member. Removed staff keep their row (the audit log names them) with `removed_at`. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** owner | manager | packer (src/shared/schemas/staff.rules.ts). */
    role: text('role').notNull(),
    language: text('language').notNull().default('en'),
    /** The alerts by mail this staff member chose (ALERT_KINDS, src/shared/schemas/staff.rules.ts). */
    alerts: text('alerts').array().notNull().default(sql`'{}'::text[]`),
    /** Null until the set-password link is used. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, encrypted under a key derived from the shop's secret (staff.totp.ts). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('staff_email_idx').on(t.email).where(sql`${t.removedAt} is null`),
    check('staff_role_known', sql`${t.role} in ('owner', 'manager', 'packer')`),
  ],
);

/** A staff sign-in: only the token's SHA-256 is stored; it ends after 12 h idle or when revoked. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * A staff member's one-time recovery codes, the way back when the authenticator is lost: ten at
 * enrolment, only their keyed hash kept; `used_at` is set once, so a code signs in once.
 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId, t.codeHash)],
);

/** One-time set-password links (`staff add`, invites): only the token's hash is stored. */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);

/** What staff changed, with the value before and after; written in the change's own transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null when the shop's command line made the change. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What the target was called when the line was written, in both languages: kept once it is gone. */
    targetLabel: jsonb('target_label').$type<{ en: string; zh: string }>(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
  ],
);

// ---- The order timeline and refunds (docs/architecture.md, Order state machine) ----

/**
 * Everything that happened to an order, written by order.machine.ts in the transaction of the
 * change: placed, paid, packed, shipped, completed, cancelled, expired, refunded. `staff_id` is
 * the staff member who did it (null for the shopper, the payment code or the command line).
 * Payment attempts are not copied here: the timeline reads them from `payments`.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    staffId: integer('staff_id'),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at), index('order_events_at_idx').on(t.kind, t.at)],
);

/**
 * Money given back on a payment, whole or part. A row is `pending` while the gateway is asked
 * (it counts against what is left to refund, so two refunds at once cannot exceed the payment),
 * then `succeeded` or `failed` (a failed one no longer counts).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** The order lines refunded, when chosen: [{ id, qty }]. */
    lines: jsonb('lines').notNull().default([]),
    reason: text('reason').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull(),
    message: text('message'),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    // The reports and Today book a refund on the day the gateway said yes (its last update).
    index('refunds_settled_idx').on(t.updatedAt).where(sql`${t.status} = 'succeeded'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

// ---- Stock movements (docs/architecture.md, Stock) ----

/**
 * Every stock change staff make from the console, beside the product: who, when, why, the change
 * actually applied (`delta`, signed) and the stock it left. Orders do not write here: their lines
 * are the record of what was sold. `reason`: received (+N), damaged (−N), count (set to N).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null when the shop's command line made the change; kept when the staff member is removed. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.at),
    check('stock_movements_reason_known', sql`${t.reason} in ('received', 'damaged', 'count')`),
    check('stock_movements_stock_after_nonnegative', sql`${t.stockAfter} >= 0`),
  ],
);
// ---- Search aliases and the searches that found nothing (docs/architecture.md, Search) ----

/**
 * Other names shoppers search a product or a category by ("pak choi", "青江菜" → 上海青). The search
 * index treats a product's alias as strongly as its name and a category's as its name. `folded` is
 * the alias as the search compares it (normaliseQuery), unique per target.
 */
export const searchAliases = pgTable(
  'search_aliases',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    folded: text('folded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('search_aliases_product_idx')
      .on(t.productId, t.folded)
      .where(sql`${t.productId} is not null`),
    uniqueIndex('search_aliases_category_idx')
      .on(t.categoryId, t.folded)
      .where(sql`${t.categoryId} is not null`),
    check('search_aliases_one_target', sql`(${t.productId} is null) <> (${t.categoryId} is null)`),
  ],
);

/**
 * Groups of terms a search reads as one another, in either language ("青菜", "上海青", "bok choy"):
 * a query that is one of a group's terms is also searched as each other term (search.variants.ts).
 * The demo catalogue ships a list (seed/catalogue/synonyms.ts); the owner edits it beside aliases.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    terms: text('terms').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('search_synonyms_terms', sql`cardinality(${t.terms}) between 2 and 12`)],
);

/**
 * Storefront searches that found nothing, counted per shop day, language and normalised term: no
 * shopper, address or session is kept. Counted in memory and added here in batches (search-misses.ts).
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    day: date('day', { mode: 'string' }).notNull(),
    language: text('language').notNull(),
    term: text('term').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.language, t.term] }), index('search_misses_day_idx').on(t.day)],
);

/**
 * How many new terms each client added to `search_misses` in each hour, for the per-client bound
 * (search-misses.ts); the throttle's own record, deleted by the retention sweep after a day.
 */
export const searchMissClients = pgTable(
  'search_miss_clients',
  {
    client: text('client').notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    terms: integer('terms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.client, t.hour] }), index('search_miss_clients_hour_idx').on(t.hour)],
);

// ---- Where the shop delivers and for how much (docs/product.md, Delivery) ----

/**
 * The shop's delivery terms: one row (id 1), absent until the owner saves them. An empty area
 * delivers anywhere; 0 cents turns the fee, the free-delivery threshold and the minimum off.
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: smallint('id').primaryKey(),
    /** ZIP codes or prefixes (1–5 digits), sorted, no duplicates. */
    areaZips: text('area_zips').array().notNull().default(sql`'{}'::text[]`),
    feeCents: integer('fee_cents').notNull().default(0),
    freeOverCents: integer('free_over_cents').notNull().default(0),
    minimumCents: integer('minimum_cents').notNull().default(0),
    taxOnFee: boolean('tax_on_fee').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id} = 1`)],
);

// ---- Delivery slots (docs/product.md, Delivery slots) ----

/**
 * How the shop offers delivery windows: one row (id 1). Off by default, so a shop that configures
 * nothing keeps the spec's orders without a slot.
 */
export const deliverySlotRules = pgTable(
  'delivery_slot_rules',
  {
    id: smallint('id').primaryKey().default(1),
    /** The cart offers windows. */
    offered: boolean('offered').notNull().default(false),
    /** An order must name a window (only while offered). */
    required: boolean('required').notNull().default(false),
    /** Orders one window takes. */
    capacity: integer('capacity').notNull().default(20),
    /** Orders for a window close this many minutes before it starts. */
    cutoffMinutes: integer('cutoff_minutes').notNull().default(720),
    /** How many days, today first, the cart shows. */
    daysAhead: integer('days_ahead').notNull().default(7),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('delivery_slot_rules_one_row', sql`${t.id} = 1`)],
);

/** The weekly windows, on the shop's wall clock: weekday 0 = Sunday … 6 = Saturday, minutes after midnight. */
export const deliveryWindows = pgTable(
  'delivery_windows',
  {
    id: serial('id').primaryKey(),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [uniqueIndex('delivery_windows_start_idx').on(t.weekday, t.startMinute)],
);

/** Days the shop does not deliver (holidays), as the shop's calendar dates. */
export const deliveryClosedDates = pgTable('delivery_closed_dates', {
  date: date('date', { mode: 'string' }).primaryKey(),
});

/**
 * One row per window that has been ordered for: how many orders hold a place in it. Places are
 * taken with a conditional update (`held < capacity`), as stock is, and given back when an order
 * is cancelled or expires.
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).primaryKey(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    held: integer('held').notNull().default(0),
  },
  (t) => [check('delivery_slots_held', sql`${t.held} >= 0`)],
);

// ---- The packer's marks on order lines (docs/architecture.md, Packing) ----

/**
 * What the packer found for one order line: `picked` (all there), `short` (`short_qty` missing) or
 * `replaced` (by another product at `charged_price_cents` a unit, never more than the line's price).
 * A mark that gives money back records its refund here in the same transaction (`refund_state`
 * queued, a `pending` row in `refunds`); the packing refund worker sends it after commit, and
 * again after a crash, until the gateway says yes (`sent`) or it is given up (`failed`).
 * `mark_key` is the client's idempotency key: the same mark sent twice is done once.
 */
export const packingLines = pgTable(
  'packing_lines',
  {
    orderLineId: integer('order_line_id')
      .primaryKey()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** picked | short | replaced */
    state: text('state').notNull(),
    shortQty: integer('short_qty').notNull().default(0),
    replacementProductId: integer('replacement_product_id').references(() => products.id, {
      onDelete: 'restrict',
    }),
    replacementUuid: uuid('replacement_uuid'),
    replacementEnName: text('replacement_en_name'),
    replacementZnName: text('replacement_zn_name'),
    /** The replacement's own price a unit; the shopper pays `charged_price_cents` = min(line, replacement). */
    replacementPriceCents: integer('replacement_price_cents'),
    chargedPriceCents: integer('charged_price_cents'),
    /** What this mark gives back (share of tax and discount included); 0 when nothing. */
    refundCents: integer('refund_cents').notNull().default(0),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** none | queued | sending | sent | failed */
    refundState: text('refund_state').notNull().default('none'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** When the worker may (next) try the refund; while `sending`, the end of its lease. */
    refundNextAt: timestamp('refund_next_at', { withTimezone: true, mode: 'date' }),
    refundMessage: text('refund_message'),
    markKey: text('mark_key').notNull(),
    staffId: integer('staff_id'),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * A substitute proposed to a shopper who asked first: `state` is `proposed` while `pending`,
     * then `approved` (replaced), `declined` (short) or `expired` (the line's choice applied at
     * `proposal_deadline`). Null for a mark that was never a proposal.
     */
    proposalStatus: text('proposal_status'),
    proposalDeadline: timestamp('proposal_deadline', { withTimezone: true, mode: 'date' }),
    proposalAnsweredAt: timestamp('proposal_answered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('packing_lines_order_idx').on(t.orderId),
    uniqueIndex('packing_lines_mark_key_idx').on(t.markKey),
    index('packing_lines_refund_due_idx')
      .on(t.refundNextAt)
      .where(sql`${t.refundState} in ('queued', 'sending')`),
    check('packing_lines_state', sql`${t.state} in ('picked', 'short', 'replaced', 'proposed')`),
    index('packing_lines_proposal_due_idx')
      .on(t.proposalDeadline)
      .where(sql`${t.proposalStatus} = 'pending'`),
    check('packing_lines_refund_nonnegative', sql`${t.refundCents} >= 0`),
  ],
);

/**
 * Each alert raised, once: the key is what it is about (an order paid, a mail or refund given up:
 * `day` empty; a product low on stock: the shop day it was reported). Whoever inserts the row first
 * queues the mails, so two processes raising the same alert send it once.
 */
export const alertLog = pgTable(
  'alert_log',
  {
    id: serial('id').primaryKey(),
    /** orderPaid | lowStock | mailFailed | refundFailed | paymentUnknown | paymentNotGivenBack | paymentMismatch | paymentHoldNotSettled */
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    day: text('day').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('alert_log_once_idx').on(t.kind, t.subjectId, t.day)],
);

// ---- Tax (docs/product.md, Tax) ----

/** Tax classes: a product is in one; each has a rate used wherever no delivery area sets another. */
export const taxClasses = pgTable(
  'tax_classes',
  {
    code: text('code').primaryKey(),
    enName: text('en_name').notNull(),
    znName: text('zn_name').notNull(),
    /** Parts per million: 45,000 is 4.5 %, 88,750 is 8.875 % (src/shared/tax.ts). */
    ratePpm: integer('rate_ppm').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('tax_classes_rate_range', sql`${t.ratePpm} between 0 and 1000000`)],
);

/** A place with its own rates: delivery ZIPs reach it by prefix (tax_area_zips). */
export const taxAreas = pgTable('tax_areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A ZIP prefix belongs to at most one area; a ZIP takes the area of its longest matching prefix. */
export const taxAreaZips = pgTable('tax_area_zips', {
  zipPrefix: text('zip_prefix').primaryKey(),
  areaId: integer('area_id')
    .notNull()
    .references(() => taxAreas.id, { onDelete: 'cascade' }),
});

/** An area's rate for a class; a class the area sets no rate for keeps the class's own rate. */
export const taxAreaRates = pgTable(
  'tax_area_rates',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => taxAreas.id, { onDelete: 'cascade' }),
    classCode: text('class_code')
      .notNull()
      .references(() => taxClasses.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    ratePpm: integer('rate_ppm').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.classCode] }),
    check('tax_area_rates_rate_range', sql`${t.ratePpm} between 0 and 1000000`),
  ],
);

/**
 * Shop-wide grocery settings (one row at most; none means the defaults in
 * src/server/modules/settings/shop-settings.ts): the unit weighed goods are priced in, the buffer a
 * card is authorized above a weighed order's estimate, and how long a shopper has to answer a
 * proposed substitute (docs/product.md).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey(),
    /** 'lb' | 'kg' */
    weightUnit: text('weight_unit').notNull().default('lb'),
    holdBufferPercent: smallint('hold_buffer_percent').notNull().default(10),
    substitutionAnswerMinutes: integer('substitution_answer_minutes').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id} = 1`),
    check('shop_settings_weight_unit', sql`${t.weightUnit} in ('lb', 'kg')`),
    check('shop_settings_buffer_range', sql`${t.holdBufferPercent} between 0 and 50`),
    check('shop_settings_answer_range', sql`${t.substitutionAnswerMinutes} between 1 and 1440`),
  ],
);
