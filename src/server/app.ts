import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { LANGUAGE_PARAM, languageParam } from '#shared/schemas/site.rules';
import { auditRoutes } from './admin/audit.routes';
import { categoriesRoutes } from './admin/categories.routes';
import { couponsRoutes } from './admin/coupons.routes';
import { customersRoutes } from './admin/customers.routes';
import { deliveryRoutes as adminDeliveryRoutes } from './admin/delivery.routes';
import { homeRoutes } from './admin/home.routes';
import { importRoutes } from './admin/import.routes';
import { mediaRoutes } from './admin/media.routes';
import { ordersRoutes } from './admin/orders.routes';
import { packingRoutes } from './admin/packing.routes';
import { productsRoutes } from './admin/products.routes';
import { promotionsRoutes } from './admin/promotions.routes';
import { reportsRoutes } from './admin/reports.routes';
import { searchesRoutes } from './admin/searches.routes';
import { settingsRoutes } from './admin/settings.routes';
import { slotsRoutes } from './admin/slots.routes';
import { staffRoutes } from './admin/staff.routes';
import { stockRoutes } from './admin/stock.routes';
import { taxRoutes } from './admin/tax.routes';
import { todayRoutes } from './admin/today.routes';
import { AnswerLane, serverWithLane } from './answer-lane';
import { AppPage, adminPageOf, isAdminPath, sendAdminPage } from './app-page';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { startEmbeddedMaintenance } from './db/maintenance';
import { NotFound } from './errors';
import { on } from './events';
import { createGateways, sandboxWalletSecret } from './gateways/create-gateways';
import type { Gateways } from './gateways/gateway';
import { requestLanguage, requireDeclaredRequests } from './http';
import { translate } from './i18n';
import { lazyChildLoggerFactory, loggerOptions } from './logging';
import { createMailer, type Mailer } from './mail/mailer';
import { OutboxWorker, type OutboxWorkerOptions } from './mail/outbox-worker';
import { waitForPicture } from './media-drawing';
import { accountRoutes } from './modules/account/account.routes';
import { AccountService } from './modules/account/account.service';
import { AvatarFiles } from './modules/account/avatar.files';
import { sweepUnusedAvatars } from './modules/account/avatar.sweep';
import { HASH_LIMITS, PasswordHasher, SCRYPT_PARAMS } from './modules/account/password';
import { addressRoutes } from './modules/address/address.routes';
import { AddressService } from './modules/address/address.service';
import {
  alertMailGivenUp,
  alertOrderPaid,
  alertPaymentStuck,
  alertRefundGivenUp,
} from './modules/alerts/alerts.raise';
import { startLowStockSweep } from './modules/alerts/alerts.sweep';
import { cardRoutes } from './modules/card/card.routes';
import { CardService } from './modules/card/card.service';
import { cartRoutes } from './modules/cart/cart.routes';
import { CartService } from './modules/cart/cart.service';
import { CATALOGUE_MAX_AGE_SECONDS, catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { CatalogueStore } from './modules/catalogue/catalogue.store';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { DeliveryTermsCache } from './modules/delivery/delivery.terms';
import { CatalogueMedia } from './modules/media/media.files';
import { sweepUnusedPictures } from './modules/media/media.sweep';
import { ProductPictures } from './modules/media/product-pictures';
import { EventFeed } from './modules/notification/notification.feed';
import { notifyOrderEvent } from './modules/notification/notification.notify';
import { notificationRoutes } from './modules/notification/notification.routes';
import { StreamTickets } from './modules/notification/notification.ticket';
import { couponRoutes } from './modules/order/coupon.routes';
import { BuyAgain } from './modules/order/order.again';
import { buyAgainRoutes } from './modules/order/order.again.routes';
import { startExpirySweep } from './modules/order/order.expiry';
import { mailOrderChange } from './modules/order/order.mail';
import { orderRoutes } from './modules/order/order.routes';
import { OrderService } from './modules/order/order.service';
import { mailPackingChanges, refuseHalfMarked } from './modules/packing/packing.changes';
import { startPackingRefunds } from './modules/packing/packing.refunds';
import { refuseAboveHold } from './modules/packing/packing.weighing';
import {
  expireProposalsOf,
  type SubstitutionDeps,
  settleBeforePacking,
  startSubstitutionSweep,
} from './modules/packing/substitution';
import { substitutionRoutes } from './modules/packing/substitution.routes';
import { recordCapture, recordVoid, startHoldWorker } from './modules/payment/payment.capture';
import type { PaymentDeps } from './modules/payment/payment.core';
import { startReconcileSweep } from './modules/payment/payment.reconcile';
import { paymentRoutes } from './modules/payment/payment.routes';
import { sandboxPayRoutes } from './modules/payment/sandbox-pay.routes';
import { RETENTION_SWEEP_MS, startRetentionSweep } from './modules/retention/retention';
import { SearchMisses } from './modules/search/search-misses';
import { slotRoutes } from './modules/slots/slots.routes';
import { StaffService } from './modules/staff/staff.service';
import { StaffSignIn } from './modules/staff/staff.sign-in';
import { StaffTeam } from './modules/staff/staff.team';
import { PageHeads, withHead } from './page-head';
import { authPlugin } from './plugins/auth';
import { ConnectionErrors, lingerBeforeClosing } from './plugins/connection-errors';
import { errorsPlugin } from './plugins/errors';
import { apiSecurityHeadersFor, securityHeaders } from './plugins/security-headers';
import { staffAuthPlugin } from './plugins/staff-auth';
import { PrebuiltAnswer } from './prebuilt-answer';
import { projectPath } from './project-root';
import { BODY_MAX_BYTES, requestTimeouts } from './request-limits';
import { deriveKey, loadShopSecret } from './secret';
import { siteRoutes } from './site.routes';
import type { MediaStore } from './uploads/media-store';
import { mediaStoreFor } from './uploads/open-media-store';
import { sweepAbandonedUploads } from './uploads/unused-files';
import { registerUploads } from './uploads/uploads-serving';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  /** A pino-compatible logger or logger options; defaults to pino at the configured level. */
  logger?: FastifyInstance['log'];
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
  /** Defaults to the gateways `config.payments` names (the sandbox, or Yuansfer and Authorize.Net). */
  gateways?: Gateways;
  /** The shop's secret; defaults to SHOP_SECRET or the one kept in DATA_DIR (see secret.ts). */
  secret?: Buffer;
  /** Defaults to OWASP's scrypt cost, two hashes at once; tests pass a cheap cost. */
  passwords?: PasswordHasher;
  /** The order-mail worker's timing (OUTBOX_DEFAULTS); tests poll rarely and drive it themselves. */
  outbox?: Partial<OutboxWorkerOptions>;
}

const LOCALES_DIR = projectPath('public/locales');
/** Log levels at which a successful read is logged (the onResponse hook below). */
const LOGS_EACH_REQUEST: ReadonlySet<string> = new Set(['debug', 'trace']);
/** What the lane's learnt URLs may hold: about a thousand, every catalogue page a shop's visitors ask for. */
const LANE_BYTES = 1024 * 1024;
const YEAR_SECONDS = 31_536_000;
/** Paths the server answers itself, from files or routes; anything else is a page of the app. */
const SERVER_PREFIXES = ['/api/', '/sandbox/', '/assets/', '/media/', '/uploads/', '/locales/', '/icons/'];

/**
 * Which hops of X-Forwarded-For to trust. Fastify takes a list of addresses as it is, but ignores
 * a hop count (it trusts nothing then): `n` proxies means the socket's peer and the n - 1 entries
 * nearest it are proxies, so the client is the entry before them.
 */
function trustedProxies(
  setting: Config['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Who listens to what the modules tell (events.ts), in the order they run, inside the transaction of
 * the change: the shopper's mail of an order change first, then packing's, then the staff alerts. Wiring again replaces
 * each listener in its place (by id), so it is safe in every process that changes orders: the
 * server here, the command line (cli/shop.ts) when it opens the database itself.
 */
export function wireDomainEvents(): void {
  on('order.packing', 'packing.substitutions', settleBeforePacking);
  on('order.packing', 'packing.half-marked', refuseHalfMarked);
  on('order.packing', 'packing.above-hold', refuseAboveHold);
  on('order.changed', 'order.mail', mailOrderChange);
  on('order.changed', 'packing.mail', mailPackingChanges);
  on('order.changed', 'alerts.order-paid', alertOrderPaid);
  on('order.changed', 'notification.notify', notifyOrderEvent);
  // A weighed order's hold: packing records its capture (or refuses above the hold), cancelling its void.
  on('order.changed', 'payment.capture', recordCapture);
  on('order.changed', 'payment.void', recordVoid);
  on('mail.givenUp', 'alerts.mail-failed', alertMailGivenUp);
  on('packing.refundGivenUp', 'alerts.refund-failed', alertRefundGivenUp);
  on('payment.stuck', 'alerts.payment-failed', alertPaymentStuck);
}

/**
 * The whole shop as a Fastify instance that has not started listening. Everything it needs comes
 * in `deps`, so tests build it on a fresh database with their own clock.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  wireDomainEvents();
  const connectionErrors = new ConnectionErrors(config.publicUrl);
  const lane = new AnswerLane({
    headers: apiSecurityHeadersFor(config.publicUrl),
    maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS,
    budget: LANE_BYTES,
    logsDebug: () => LOGS_EACH_REQUEST.has(app.log.level),
  });
  const app = Fastify({
    // Learnt catalogue URLs are answered before the router (answer-lane.ts).
    serverFactory: serverWithLane(lane),
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: loggerOptions(config.logLevel) }),
    // Our own onResponse hook logs requests, at a level that depends on the outcome.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: BODY_MAX_BYTES,
    ...requestTimeouts(config.requestTimeoutMs),
    clientErrorHandler: connectionErrors.answer,
    // A bad or overlong path segment fails in the router, before the error plugin: answer the envelope here.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message = translate(requestLanguage(request), 'errors:badBody');
      (reply as FastifyReply).code(status).send({ code: status, message });
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  lingerBeforeClosing(app.server);
  // Every API route declares its request schemas: one registered without them stops the start.
  requireDeclaredRequests(app);

  // Successful reads are the bulk of traffic: logged at debug. Changes and failures at info.
  app.addHook('onResponse', (request, reply, done) => {
    const quiet = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400;
    const level = quiet ? 'debug' : reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](
      { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  await app.register(errorsPlugin);
  // The timers of sweep-timer.ts, shared by the plugins below (a Map: one object for all of them).
  app.decorate('sweeps', new Map());
  await app.register(securityHeaders, { publicUrl: config.publicUrl });
  const catalogue = new CatalogueStore(database.db, clock, app.log);
  await catalogue.start(config.cataloguePollMs);
  catalogue.listen(database, config.catalogueListenRetryMs);
  app.addHook('onClose', () => catalogue.stop());
  app.decorate('catalogue', catalogue);
  const maintenance = startEmbeddedMaintenance(database, app.log);
  app.addHook('onClose', async () => maintenance.stop());

  // The catalogue reads are the hot path: no bodies to parse, so no body-parser hooks run there.
  const misses = new SearchMisses({ db: database.db, clock, timeZone: config.shopTimeZone, log: app.log });
  misses.start();
  app.addHook('onClose', () => misses.stop());
  app.decorate('searchMisses', misses);
  await app.register(catalogueRoutes, { catalogue, clock, misses, lane, timeZone: config.shopTimeZone });
  app.decorate('answerLane', lane);
  const mailer = startMail(app, deps);
  startLowStockSweep(app, { db: database.db, clock, timeZone: config.shopTimeZone }, database.onlyOne);
  const feed = await startEventFeed(app, deps);
  const store = await mediaStoreFor(config);
  app.addHook('onClose', async () => store.close());
  await app.register(async (shop) =>
    shopRoutes(shop, { ...deps, mailer, feed, store }, catalogue, connectionErrors),
  );

  await registerStatic(app, config, catalogue, store);
  return app;
}

/**
 * The mailer (SMTP or the .eml outbox) and the order-mail worker that sends through it, stopped
 * when the app closes: the worker finishes the mail it is sending before the mailer closes. A
 * queued mail wakes the worker: by NOTIFY on PostgreSQL (every process, its own included), on
 * PGlite (one process) in process, through a listener of this app alone.
 */
function startMail(app: FastifyInstance, deps: AppDeps): Mailer {
  const { config, database, clock } = deps;
  const mailer = deps.mailer ?? createMailer(config.mail, app.log);
  const settings = { ...config.mail, publicUrl: config.publicUrl, timeZone: config.shopTimeZone };
  const outbox = new OutboxWorker({ db: database.db, clock, mailer, log: app.log, settings }, deps.outbox);
  outbox.start();
  if (deps.outbox?.wakeOnQueue !== false) {
    if (database.listen) outbox.listen(database, config.catalogueListenRetryMs);
    else {
      const off = on('mail.queued', `outbox.wake.${randomUUID()}`, () => outbox.wake());
      app.addHook('onClose', async () => off());
    }
  }
  app.decorate('mailOutbox', outbox);
  app.addHook('onClose', async () => {
    await outbox.stop();
    mailer.close();
  });
  return mailer;
}

/**
 * Everything that takes a body or a signed-in shopper: forms parsed here only, multipart only by
 * the avatar upload (account.routes.ts) and the console's picture uploads (admin/media.routes.ts);
 * any other multipart body is a 415, refused unread.
 */
async function shopRoutes(
  app: FastifyInstance,
  deps: AppDeps & { mailer: Mailer; feed: EventFeed; store: MediaStore },
  catalogue: CatalogueStore,
  connectionErrors: ConnectionErrors,
): Promise<void> {
  const { config, database, clock, feed, store } = deps;
  app.addHook('onRequest', connectionErrors.track);
  app.addHook('onResponse', connectionErrors.settle);
  // Answers here are about one visitor (a token, a cart, an order, a card): no cache may keep
  // them (SECURITY.md, per-user data). A route that answers public data may say otherwise.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  await app.register(formbody);

  const { mailer } = deps;
  const secret = deps.secret ?? loadShopSecret(config);
  // One hasher, one queue: shoppers' and staff's password work share its bound.
  const passwords =
    deps.passwords ??
    new PasswordHasher(
      { ...SCRYPT_PARAMS, N: 2 ** config.passwordHashCost },
      { ...HASH_LIMITS, running: config.machine.hashesAtOnce },
    );
  const accounts = new AccountService({
    db: database.db,
    clock,
    mailer,
    shopName: config.mail.shopName,
    log: app.log,
    passwords,
    codeKey: deriveKey(secret, 'email-code'),
  });
  await app.register(authPlugin, { accounts });
  const avatars = new AvatarFiles({ store, tempDir: incomingDir(config), clock });
  await app.register(accountRoutes, { accounts, avatars });
  const staff = new StaffService({ db: database.db, clock, passwords, publicUrl: config.publicUrl });
  await app.register(staffAuthPlugin, { staff });
  const totpKey = deriveKey(secret, 'staff-totp');
  const signIn = new StaffSignIn(staff, totpKey, config.mail.shopName);
  const team = new StaffTeam({ staff, mailer, shopName: config.mail.shopName, log: app.log });
  await app.register(staffRoutes, {
    db: database.db,
    clock,
    staff,
    signIn,
    team,
    timeZone: config.shopTimeZone,
  });
  await app.register(auditRoutes, { db: database.db, timeZone: config.shopTimeZone });
  await app.register(customersRoutes, { db: database.db, clock });

  const addresses = new AddressService({ db: database.db, clock });
  const cart = new CartService({ db: database.db, clock, lineMax: config.orderLimits.lineMax });
  await app.register(cartRoutes, { cart });
  await app.register(addressRoutes, { addresses });
  const orders = new OrderService({
    db: database.db,
    clock,
    addresses,
    limits: config.orderLimits,
    catalogue,
    timeZone: config.shopTimeZone,
  });
  const zone = config.shopTimeZone;
  // Set once the packing refunds run (below): the order page settles proposals past their deadline.
  let substitutions: SubstitutionDeps | undefined;
  await app.register(orderRoutes, {
    orders,
    db: database.db,
    clock,
    catalogue,
    timeZone: zone,
    beforeDetail: async (orderNo) => (substitutions ? expireProposalsOf(substitutions, orderNo) : 0),
  });
  await app.register(couponRoutes, { orders, db: database.db, clock, timeZone: zone });
  await app.register(slotRoutes, { db: database.db, clock, timeZone: zone });
  await app.register(slotsRoutes, { db: database.db, clock, timeZone: zone });
  const terms = new DeliveryTermsCache({ db: database.db, clock, maxAgeMs: config.cataloguePollMs });
  await app.register(deliveryRoutes, { terms, db: database.db });
  await app.register(adminDeliveryRoutes, { db: database.db, clock, terms });
  await app.register(settingsRoutes, { db: database.db, clock, catalogue });
  await app.register(taxRoutes, { db: database.db, clock });
  await app.register(notificationRoutes, {
    db: database.db,
    clock,
    timeZone: zone,
    feed,
    tickets: new StreamTickets(deriveKey(secret, 'event-stream')),
  });
  await app.register(buyAgainRoutes, {
    again: new BuyAgain({ db: database.db, clock, lineMax: config.orderLimits.lineMax }),
  });
  startExpirySweep(app, { db: database.db, clock, catalogue }, database.onlyOne);
  const sweepPictures = async (now: Date) => ({
    avatarFiles: await sweepUnusedAvatars(database.db, store, now),
    pictureFiles: await sweepUnusedPictures(database.db, store, now),
  });
  const retention = startRetentionSweep(
    database.db,
    clock,
    app.log,
    RETENTION_SWEEP_MS,
    async (now) => ({
      // A bucket is every process's: one sweeps it. A disk is its own machine's: each sweeps its own.
      ...(config.mediaStore.kind === 's3'
        ? await database.onlyOne('media-sweep', () => sweepPictures(now))
        : await sweepPictures(now)),
      abandonedUploads: await sweepAbandonedUploads(incomingDir(config), now),
    }),
    database.onlyOne,
  );
  app.addHook('onClose', () => retention.stop());

  const gateways =
    deps.gateways ??
    createGateways(config, {
      clock,
      log: app.log,
      sandboxSecret: sandboxWalletSecret(secret),
    });
  const payments: PaymentDeps = { db: database.db, clock, gateways, catalogue, log: app.log, config };
  await app.register(paymentRoutes, { payments });
  startReconcileSweep(app, payments, database.onlyOne);
  if (gateways.sandbox) {
    await app.register(sandboxPayRoutes, {
      payments,
      sandbox: gateways.sandbox,
      shopName: config.mail.shopName,
    });
  }
  const cards = new CardService({ db: database.db, clock, card: gateways.card, gateway: gateways.kind });
  await app.register(cardRoutes, { cards });
  const holds = startHoldWorker(app, { db: database.db, clock, gateways, log: app.log });
  await app.register(ordersRoutes, {
    db: database.db,
    clock,
    config,
    catalogue,
    gateways,
    log: app.log,
    holds,
  });
  await app.register(todayRoutes, { db: database.db, clock, config, catalogue });
  await app.register(reportsRoutes, { db: database.db, clock, config });
  const packingRefunds = startPackingRefunds(app, { db: database.db, clock, gateways, log: app.log });
  await app.register(packingRoutes, { db: database.db, clock, config, refunds: packingRefunds });
  substitutions = { db: database.db, clock, refunds: packingRefunds };
  await app.register(substitutionRoutes, substitutions);
  startSubstitutionSweep(app, substitutions, database.onlyOne);
  const catalogueChanges = { db: database.db, clock, catalogue };
  await app.register(categoriesRoutes, catalogueChanges);
  await app.register(homeRoutes, { ...catalogueChanges, config });
  const media = new CatalogueMedia(store, incomingDir(config), clock);
  const pictures = new ProductPictures({ db: database.db, media });
  await app.register(productsRoutes, { ...catalogueChanges, pictures });
  await app.register(mediaRoutes, { ...catalogueChanges, media, pictures });
  await app.register(stockRoutes, catalogueChanges);
  await app.register(promotionsRoutes, { ...catalogueChanges, config });
  await app.register(couponsRoutes, { ...catalogueChanges, config });
  await app.register(importRoutes, catalogueChanges);
  const misses = app.searchMisses;
  await app.register(searchesRoutes, { ...catalogueChanges, timeZone: config.shopTimeZone, misses });
}

/**
 * The live order-event feed (notification.feed.ts). On PostgreSQL every process hears of every
 * event by NOTIFY, its own included; on PGlite (one process) the change wakes the feed itself,
 * through a listener of this app alone, removed when it closes.
 */
async function startEventFeed(app: FastifyInstance, deps: AppDeps): Promise<EventFeed> {
  const { config, database } = deps;
  const headers = apiSecurityHeadersFor(config.publicUrl);
  const feed = new EventFeed({ db: database.db, log: app.log, headers }, config.eventStreams);
  await feed.start();
  if (database.listen) feed.listen(database, config.catalogueListenRetryMs);
  else {
    const off = on('order.changed', `notification.feed.${randomUUID()}`, () => feed.wake());
    app.addHook('onClose', async () => off());
  }
  // Before the server closes: open streams would otherwise hold it open.
  app.addHook('preClose', async () => feed.stop());
  app.decorate('eventFeed', feed);
  return feed;
}

/** Where upload bodies are written while they are handled: in DATA_DIR, outside the served uploads. */
function incomingDir(config: Config): string {
  return join(config.dataDir, 'incoming');
}

async function registerStatic(
  app: FastifyInstance,
  config: Config,
  catalogue: CatalogueStore,
  store: MediaStore,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: LOCALES_DIR,
    prefix: '/locales/',
    decorateReply: false,
    maxAge: 300_000,
  });
  await registerUploads(app, config, store);
  if (existsSync(config.mediaDir)) {
    await app.register(async (media) => {
      // A first start opens while its build still draws pictures: one not drawn yet is waited for.
      media.addHook('onRequest', async (request) =>
        waitForPicture(config.mediaDir, (request.url.split('?')[0] ?? '').slice('/media/'.length)),
      );
      await media.register(fastifyStatic, {
        root: config.mediaDir,
        prefix: '/media/',
        decorateReply: false,
        // Media file names carry a hash of what they show, so they never change under one name.
        setHeaders: (reply) => reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`),
      });
    });
  }
  const hasWeb = existsSync(join(config.webDir, 'index.html'));
  const page = hasWeb ? new AppPage(config.webDir, catalogue) : undefined;
  const adminPage = adminPageOf(config.webDir);
  const heads = new PageHeads(catalogue, config.publicUrl);
  await app.register(siteRoutes, { heads, catalogue });
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // /locales and /icons are served from public/ (above, site.routes.ts); the build's copies must not shadow them.
      // The console's page is served for every /admin path with its own headers (sendAdminPage).
      globIgnore: ['locales/**', 'icons/**', 'admin/**', '.vite/**', '**/*.br', '**/*.gz'],
      // The build writes .br and .gz beside each file (scripts/build-steps.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(config.webDir, 'assets')}`);
        reply.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  // Unknown /api paths are JSON 404s; every other GET is the single-page app, which routes itself.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    // A missing file or route under the server's prefixes is a 404, never the app's page instead.
    const server = path === '/api' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (read && isAdminPath(path)) return sendAdminPage(reply, adminPage);
    if (server || !read || !page) {
      if (!hasWeb && read && !server) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      throw new NotFound('errors:notFound.api', { method: request.method, path: path.slice(0, 100) });
    }
    const pagePath = path.replace(/\/+$/, '') || '/';
    // The page's own title, description, canonical URL and share tags, in the language it asks for.
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const language = languageParam(query.get(LANGUAGE_PARAM));
    const lang = language ?? 'en';
    const head = heads.headFor(pagePath, lang, query);
    const html = withHead(page.htmlFor(pagePath, head.firstScreen).toString(), heads.tags(head, lang), lang);
    // Compressed for the client as it goes (quickly: brotli or gzip at their lowest effort, well
    // under a millisecond for the page's ~40 KB, its stylesheets included).
    const { encoding, bytes } = new PrebuiltAnswer(Buffer.from(html)).encoded(
      request.headers['accept-encoding'],
    );
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(bytes);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueStore;
    answerLane: AnswerLane;
    mailOutbox: OutboxWorker;
    searchMisses: SearchMisses;
    eventFeed: EventFeed;
  }
}
