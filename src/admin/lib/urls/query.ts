/**
 * A console path with its query: empty values are left out, so a list's address holds only the
 * filters in use. Commas stay as they are (a packing list's `orders=NO,NO`), as an address shows
 * them.
 */
export function withQuery(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString().replace(/%2C/g, ',');
  return search ? `${path}?${search}` : path;
}

/** The console's root: every page is under it, and it is Today's address. */
export const CONSOLE_ROOT = '/admin';
