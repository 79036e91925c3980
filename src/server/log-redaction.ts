/** Parameter names whose values never reach a log line, wherever they appear. */
export const SECRET_NAMES = [
  'password',
  'old_password',
  'new_password',
  'code',
  'token',
  'secret',
  'authorization',
  'card',
  'card_no',
  'cardNumber',
  'card_number',
  'security_code',
  'cvv',
  'cvc',
  'cardCode',
  'expiration_time',
  'date',
  'verifySign',
  'ticket',
];

const REDACTED = '[REDACTED]';
/** A secret name's letters and digits only, lower-cased: `card_no`, `CardNo` and `card no` alike. */
const bareName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const SECRET_STEMS = [...new Set(SECRET_NAMES.map(bareName))];
/** Paths whose next segment is a capability: whoever holds the link can act on it. */
const SECRET_PATH_PREFIXES = ['/sandbox/pay/'];
/** Methods that carry a body: secrets belong there, so their query strings are never logged. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Enough rounds to see through `%2577` (double encoding) and a third layer besides. */
const DECODE_ROUNDS = 3;

/**
 * A query parameter's name as a server could end up reading it: `+` as a space, percent-decoded
 * until nothing is left to decode (`pass%2577ord` → `password`); undefined when it cannot be decoded.
 */
function decodedName(raw: string): string | undefined {
  let name = raw.replace(/\+/g, ' ');
  for (let round = 0; round < DECODE_ROUNDS && name.includes('%'); round++) {
    try {
      name = decodeURIComponent(name);
    } catch {
      return undefined;
    }
  }
  return name;
}

/**
 * True when a raw query parameter name may name a secret: after decoding, compared without case,
 * punctuation or brackets (`PASSWORD`, `pass%77ord`, `card%5Fno`, `password[]`, `billing[card]`), and
 * containing a secret name rather than equal to one. A name that cannot be decoded counts as secret.
 */
export function isSecretName(raw: string): boolean {
  const name = decodedName(raw);
  if (name === undefined) return true;
  const bare = bareName(name);
  return SECRET_STEMS.some((stem) => bare.includes(stem));
}

function redactPath(path: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (path.startsWith(prefix) && path.length > prefix.length) return `${prefix}${REDACTED}`;
  }
  return path;
}

function redactQueryPart(part: string, write: boolean): string {
  const equals = part.indexOf('=');
  if (equals < 0) return write ? REDACTED : part;
  const name = part.slice(0, equals);
  return write || isSecretName(name) ? `${name}=${REDACTED}` : part;
}

/**
 * The URL as it may be logged: a write's query values all replaced (our own client sends secrets
 * in bodies; a query string on a write is someone else's doing), a read's replaced where the name
 * may name a secret (see isSecretName), and a capability link's token replaced.
 */
export function redactUrl(url: string, method = 'GET'): string {
  const mark = url.indexOf('?');
  const path = redactPath(mark < 0 ? url : url.slice(0, mark));
  if (mark < 0) return path;
  const write = WRITES.has(method.toUpperCase());
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((part) => redactQueryPart(part, write))
    .join('&');
  return `${path}?${query}`;
}
