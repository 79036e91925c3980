import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stream tickets (docs/decisions/024-event-stream-tickets.md): the storefront signs in with a
 * token header, which a browser's EventSource cannot send, and a token in a URL would outlive the
 * request in histories and proxies. So a signed-in call gets a ticket — the shopper's id and an
 * expiry, signed with a key derived from the shop's secret — good for opening a stream for a
 * minute. Nothing is stored: every process of the shop checks it with the same key.
 */
export const TICKET_TTL_MS = 60_000;

export class StreamTickets {
  constructor(private readonly key: Buffer) {}

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  /** A ticket for `userId`, good until `now` + TICKET_TTL_MS. */
  issue(userId: number, now: Date): string {
    const body = `${userId}.${now.getTime() + TICKET_TTL_MS}`;
    return `${body}.${this.sign(body)}`;
  }

  /** The shopper a ticket was issued to; undefined for a forged, altered or expired one. */
  check(ticket: string, now: Date): number | undefined {
    const match = /^(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/.exec(ticket);
    if (!match) return undefined;
    const [, user = '', expires = '', signature = ''] = match;
    const expected = Buffer.from(this.sign(`${user}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (Number(expires) <= now.getTime()) return undefined;
    return Number(user);
  }
}
