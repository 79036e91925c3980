import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Language } from '../../../shared/constants';
import type { CardPaymentResult, WalletStartResult } from '../../../shared/schemas/card';
import { clientKey, ok, parseInput, requestLanguage, textParamsOf } from '../../http';
import { translate } from '../../i18n';
import { payByCard } from './payment.card';
import type { PaymentDeps, PaymentMessage } from './payment.core';
import { cardPaymentRequestOf, walletPaymentRequestOf } from './payment.form';
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

/** The string fields of a notification form (a repeated field is not one Yuansfer sends). */
export function stringFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

const OrderNoParams = z.object({ orderNo: z.string().regex(/^\d{6,32}$/) });

/** Payment calls of spec §7, the gateway's notification endpoint, and "Paid Already". */
export async function paymentRoutes(app: FastifyInstance, opts: { payments: PaymentDeps }) {
  const { payments } = opts;

  app.post('/api/authorize/pay', async (request) => {
    const user = await request.requireUser();
    const who = { userId: user.id, clientKey: clientKey(request) };
    const outcome = await payByCard(payments, who, cardPaymentRequestOf(textParamsOf(request)));
    const data: CardPaymentResult =
      outcome.status === 2
        ? { status: 2, order_no: outcome.orderNo }
        : {
            status: 1,
            message: { message: [{ text: messageText(requestLanguage(request), outcome.message) }] },
          };
    return ok(data);
  });

  app.post('/api/yuansfer/pay', async (request) => {
    const user = await request.requireUser();
    const outcome = await startWalletPayment(
      payments,
      user.id,
      walletPaymentRequestOf(textParamsOf(request)),
    );
    const data: WalletStartResult =
      'url' in outcome
        ? { url: outcome.url }
        : { ret_msg: messageText(requestLanguage(request), outcome.message) };
    return ok(data);
  });

  // The gateway's server calls this, not a shopper: no token; the signature is the proof.
  app.post(IPN_PATH, async (request, reply) => {
    const answer = await handleWalletNotification(payments, stringFields(request.body));
    const status = answer === 'success' ? 200 : answer === 'invalid' ? 400 : 409;
    return reply.code(status).type('text/plain; charset=utf-8').send(answer);
  });

  app.get('/api/order/:orderNo/payment', async (request) => {
    const user = await request.requireUser();
    const { orderNo } = parseInput(OrderNoParams, request.params);
    return ok(await refreshPaymentStatus(payments, user.id, orderNo));
  });
}
