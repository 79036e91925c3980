import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxWalletPages } from '#server/gateways/gateway';
import { route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { SandboxLinkParams, SandboxOutcomeInput } from '#shared/schemas/payment';
import type { PaymentDeps } from './payment.core';
import { handleWalletNotification, returnPathOf } from './payment.wallet';
import { claimSandboxLink, type SandboxLinkState, sandboxLinkState } from './sandbox-pay.links';
import { sandboxLinkGonePage, sandboxLinkUsedPage, sandboxPayPage } from './sandbox-pay.page';

/** The order number inside a wallet reference (`<order number>-<attempt>`). */
export function orderNoOfReference(reference: string): string {
  return reference.replace(/-\d+$/, '');
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The sandbox wallet's pay page (sandbox mode only). Its buttons make the notification Yuansfer
 * would send, signed the same way, and hand it to the same handler as the real notification
 * endpoint; then the browser goes back to the shop's pay page, as from a real cashier. A link is
 * used once: after Pay or Fail its page says so, and another press changes nothing.
 */
export async function sandboxPayRoutes(
  app: FastifyInstance,
  opts: { payments: PaymentDeps; sandbox: SandboxWalletPages; shopName: string },
) {
  const { payments, sandbox, shopName } = opts;

  /** The page for a link that is forged, expired, unknown, or used already; undefined when open. */
  const closedLinkPage = (reply: FastifyReply, reference: string, state: SandboxLinkState | 'claimed') => {
    if (state === 'unknown') return sendHtml(reply, 404, sandboxLinkGonePage(shopName));
    if (state === 'used') {
      return sendHtml(reply, 410, sandboxLinkUsedPage(shopName, returnPathOf(orderNoOfReference(reference))));
    }
    return undefined;
  };

  const link = { url: '/sandbox/pay/:token', params: SandboxLinkParams } as const;

  route(app, { ...link, method: 'GET', input: NoInput }, async ({ params: { token } }, _request, reply) => {
    const details = sandbox.sandboxPaymentDetails(token);
    if (!details) return sendHtml(reply, 404, sandboxLinkGonePage(shopName));
    const state = await sandboxLinkState(payments.db, details.reference);
    const closed = closedLinkPage(reply, details.reference, state);
    if (closed) return closed;
    const html = sandboxPayPage({
      shopName,
      orderNo: orderNoOfReference(details.reference),
      amountCents: details.amountCents,
      vendor: details.vendor,
      action: `/sandbox/pay/${encodeURIComponent(token)}`,
    });
    return sendHtml(reply, 200, html);
  });

  route(
    app,
    { ...link, method: 'POST', input: SandboxOutcomeInput },
    async ({ params: { token }, input }, request, reply) => {
      const details = sandbox.sandboxPaymentDetails(token);
      if (!details) return sendHtml(reply, 404, sandboxLinkGonePage(shopName));
      const { db, clock } = payments;
      const claim = await claimSandboxLink(db, details.reference, clock.now());
      const closed = closedLinkPage(reply, details.reference, claim);
      if (closed) return closed;
      const form = sandbox.sandboxNotification(token, input.outcome);
      if (!form) return sendHtml(reply, 404, sandboxLinkGonePage(shopName));
      const answer = await handleWalletNotification(payments, form);
      if (answer !== 'success')
        request.log.warn({ reference: form.reference, answer }, 'sandbox notification refused');
      return reply.redirect(returnPathOf(orderNoOfReference(form.reference ?? '')), 303);
    },
  );
}
