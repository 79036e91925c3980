import type { FastifyInstance } from 'fastify';
import { clientKey, ok, requestLanguage, route } from '#server/http';
import { translate } from '#server/i18n';
import type { Language } from '#shared/constants';
import { NoInput } from '#shared/schemas/common';
import { OrderNoParams } from '#shared/schemas/order';
import {
  CardPayInput,
  type CardPaymentResult,
  type PaymentStatusAnswer,
  WalletNotificationInput,
  WalletPayInput,
  type WalletStartResult,
} from '#shared/schemas/payment';
import { payByCard } from './payment.card';
import type { PaymentDeps, PaymentMessage } from './payment.core';
import type { CardPaymentRequest, WalletPaymentRequest } from './payment.form';
import {
  handleWalletNotification,
  IPN_PATH,
  refreshPaymentStatus,
  startWalletPayment,
} from './payment.wallet';

/** The shopper's reason in their language: the gateway's own words in English, when it gave some. */
export function messageText(language: Language, message: PaymentMessage): string {
  if (language === 'en' && message.gatewayText) return message.gatewayText;
  return translate(language, message.key, message.params ?? {});
}

/** Payment calls of docs/product.md §7, the gateway's notification endpoint, and "Paid Already". */
export async function paymentRoutes(app: FastifyInstance, opts: { payments: PaymentDeps }) {
  const { payments } = opts;

  route(
    app,
    { method: 'POST', url: '/api/authorize/pay', input: CardPayInput, auth: 'shopper' },
    async ({ input, user }, request) => {
      const who = { userId: user.id, clientKey: clientKey(request) };
      const pay: CardPaymentRequest = input;
      const outcome = await payByCard(payments, who, pay);
      const data: CardPaymentResult =
        outcome.status === 2
          ? { status: 2, order_no: outcome.orderNo }
          : {
              status: 1,
              message: { message: [{ text: messageText(requestLanguage(request), outcome.message) }] },
            };
      return ok(data);
    },
  );

  route(
    app,
    { method: 'POST', url: '/api/yuansfer/pay', input: WalletPayInput, auth: 'shopper' },
    async ({ input, user }, request) => {
      const start: WalletPaymentRequest = input;
      const outcome = await startWalletPayment(payments, user.id, start);
      const data: WalletStartResult =
        'url' in outcome
          ? { url: outcome.url }
          : { ret_msg: messageText(requestLanguage(request), outcome.message) };
      return ok(data);
    },
  );

  // The gateway's server calls this, not a shopper: no token; the signature is the proof.
  route(
    app,
    { method: 'POST', url: IPN_PATH, input: WalletNotificationInput, from: 'body' },
    async ({ input }, _request, reply) => {
      const answer = await handleWalletNotification(payments, input);
      const status = answer === 'success' ? 200 : answer === 'invalid' ? 400 : 409;
      return reply.code(status).type('text/plain; charset=utf-8').send(answer);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/order/:orderNo/payment',
      params: OrderNoParams,
      input: NoInput,
      auth: 'shopper',
    },
    async ({ params, user }, request) => {
      const { status, attempt } = await refreshPaymentStatus(payments, user.id, params.orderNo);
      if (!attempt) return ok<PaymentStatusAnswer>({ status });
      const { outcome, vendor, message } = attempt;
      const reason = message && { message: messageText(requestLanguage(request), message) };
      return ok<PaymentStatusAnswer>({ status, attempt: { outcome, vendor, ...reason } });
    },
  );
}
