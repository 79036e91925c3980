import type { GatewayLog } from './gateway';

export interface GatewayHttp {
  fetch: typeof fetch;
  timeoutMs: number;
  log: GatewayLog;
}

/** A gateway's answer as text, or why there was none. */
export type GatewayReply =
  | { kind: 'answer'; status: number; text: string }
  | { kind: 'timeout' }
  | { kind: 'network'; error: string };

const BOM = '\uFEFF';
const utf8KeepingBom = new TextDecoder('utf-8', { ignoreBOM: true });

/** The body as UTF-8 text, a leading byte-order mark removed (Authorize.Net sends one). */
export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/**
 * POSTs `body` and reads the whole answer within `timeoutMs`. Never throws: a timeout or a
 * network failure comes back as a value, so callers can say "unavailable, try again".
 */
export async function postToGateway(
  http: GatewayHttp,
  url: string,
  contentType: string,
  body: string,
): Promise<GatewayReply> {
  try {
    const response = await http.fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(http.timeoutMs),
    });
    const bytes = await response.arrayBuffer();
    return { kind: 'answer', status: response.status, text: withoutBom(utf8KeepingBom.decode(bytes)) };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
    return { kind: 'network', error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The JSON object in an answer, or undefined for anything else (5xx, HTML, garbage). With
 * `clientErrors`, a 4xx that carries JSON counts too (Yuansfer answers refusals with HTTP 400).
 */
export function jsonObjectOf(reply: GatewayReply, clientErrors = false): Record<string, unknown> | undefined {
  if (reply.kind !== 'answer' || reply.status < 200 || reply.status >= (clientErrors ? 500 : 300)) {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(reply.text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A short description of a failed exchange for the log; never includes the request. */
export function describeFailure(reply: GatewayReply): Record<string, unknown> {
  if (reply.kind === 'timeout') return { failure: 'timeout' };
  if (reply.kind === 'network') return { failure: 'network', error: reply.error };
  return { failure: 'bad answer', status: reply.status, body: reply.text.slice(0, 200) };
}

/** A string field of an unknown JSON value, or undefined. */
export function stringAt(value: unknown, ...path: (string | number)[]): string | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return typeof current === 'string' ? current : typeof current === 'number' ? String(current) : undefined;
}
