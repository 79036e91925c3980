import { DETAIL_MAX_QUANTITY } from '#shared/constants';

/**
 * What a visitor was doing when the shop sent them to sign in (docs/product.md §4, Sign-in intent):
 * the page they were on and, after Add to Cart, the product and quantity to add once signed in. It
 * travels in the router's history state from /account to sign up or reset and back, never in the
 * address bar; it is read back through `intentOf`, which keeps only a path of this shop.
 */
export interface SignInIntent {
  path: string;
  add?: { uuid: string; amount: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORIGIN = 'https://shop.invalid';

/**
 * A same-site path to return to, or undefined: "/product/…?q" yes; "//evil.example", "/\evil",
 * "https://…", "javascript:…" and the sign-in pages themselves no.
 */
export function returnPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\'))
    return undefined;
  // Control characters (a tab or newline the URL parser would drop) never reach navigate.
  if (/\p{Cc}/u.test(path)) return undefined;
  let url: URL;
  try {
    url = new URL(path, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN || url.pathname === '/account' || url.pathname.startsWith('/account/'))
    return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The intent in a route's state (`{ intent }`), checked; undefined when there is none or it is not sound. */
export function intentOf(state: unknown): SignInIntent | undefined {
  const raw = (state as { intent?: unknown } | null)?.intent as { path?: unknown; add?: unknown } | undefined;
  const path = returnPath(raw?.path);
  if (!path) return undefined;
  const add = raw?.add as { uuid?: unknown; amount?: unknown } | undefined;
  if (add === undefined) return { path };
  const { uuid, amount } = add;
  const sound =
    typeof uuid === 'string' &&
    UUID.test(uuid) &&
    Number.isInteger(amount) &&
    (amount as number) >= 1 &&
    (amount as number) <= DETAIL_MAX_QUANTITY;
  return sound ? { path, add: { uuid, amount: amount as number } } : { path };
}
