import { expect } from 'vitest';
import { z } from 'zod';

/** What the tests get back from a call: `callAdmin`'s `{status, body}` or an injected response. */
interface Answered {
  body?: unknown;
  json?: () => unknown;
}

/**
 * The `data` of a success envelope, parsed with the route's answer schema (its objects strict: a
 * field the server adds, drops or renames fails here) and typed by it.
 */
export function expectAnswer<S extends z.ZodType>(schema: S, answered: Answered): z.output<S> {
  const envelope = answered.json ? answered.json() : envelopeOf(answered.body);
  expect(envelope, 'a success envelope').toMatchObject({ code: 200, message: 'ok' });
  const parsed = schema.safeParse((envelope as { data?: unknown }).data);
  if (!parsed.success) expect.fail(`the answer does not match its schema:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const envelopeOf = (body: unknown): unknown => (typeof body === 'string' ? JSON.parse(body) : body);
