import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/*
 * The layout rules of docs/architecture.md §1 that are about where code lives rather than what it
 * imports: the staff side's routes by URL, the audit log written in one place, no loose file
 * among the features, one dialog for both browser apps. `check-imports.ts` runs them with its own rules; each answers
 * `file:line: why` lines.
 */

/**
 * Which file of `src/server/admin/` declares an `/api/admin/...` URL: the longest prefix wins.
 * A prefix matches the URL itself or the URL followed by `/`, `?` or `.` never `-` (so
 * `/api/admin/products` does not take `/api/admin/products-x`).
 */
export const ADMIN_ROUTE_FILES: ReadonlyArray<readonly [prefix: string, file: string]> = [
  ['/api/admin/orders/packing', 'packing.routes.ts'],
  ['/api/admin/packing', 'packing.routes.ts'],
  ['/api/admin/orders', 'orders.routes.ts'],
  ['/api/admin/today', 'today.routes.ts'],
  ['/api/admin/reports', 'reports.routes.ts'],
  ['/api/admin/products.csv', 'import.routes.ts'],
  ['/api/admin/products/import', 'import.routes.ts'],
  ['/api/admin/products/:id/stock', 'stock.routes.ts'],
  ['/api/admin/products/:id/threshold', 'stock.routes.ts'],
  ['/api/admin/stock', 'stock.routes.ts'],
  ['/api/admin/products/:id/images', 'media.routes.ts'],
  ['/api/admin/media', 'media.routes.ts'],
  ['/api/admin/products', 'products.routes.ts'],
  ['/api/admin/categories', 'categories.routes.ts'],
  ['/api/admin/banners', 'home.routes.ts'],
  ['/api/admin/plates', 'home.routes.ts'],
  ['/api/admin/promotions', 'promotions.routes.ts'],
  ['/api/admin/coupons', 'coupons.routes.ts'],
  ['/api/admin/search-aliases', 'searches.routes.ts'],
  ['/api/admin/search-synonyms', 'searches.routes.ts'],
  ['/api/admin/search-misses', 'searches.routes.ts'],
  ['/api/admin/delivery/slots', 'slots.routes.ts'],
  ['/api/admin/delivery', 'delivery.routes.ts'],
  ['/api/admin/tax', 'tax.routes.ts'],
  ['/api/admin/settings', 'settings.routes.ts'],
  ['/api/admin/customers', 'customers.routes.ts'],
  ['/api/admin/staff', 'staff.routes.ts'],
  ['/api/admin/me', 'staff.routes.ts'],
  ['/api/admin/sign-in', 'staff.routes.ts'],
  ['/api/admin/sign-out', 'staff.routes.ts'],
  ['/api/admin/password', 'staff.routes.ts'],
  ['/api/admin/totp', 'staff.routes.ts'],
  ['/api/admin/audit', 'audit.routes.ts'],
];

const BY_LENGTH = [...ADMIN_ROUTE_FILES].sort((a, b) => b[0].length - a[0].length);

/** The file that must declare `url`, e.g. `src/server/admin/orders.routes.ts`; undefined if none is set. */
export function adminRouteFile(url: string): string | undefined {
  const found = BY_LENGTH.find(
    ([prefix]) =>
      url === prefix ||
      (/^[/?.]/.test(url.slice(prefix.length, prefix.length + 1)) && url.startsWith(prefix)),
  );
  return found && `src/server/admin/${found[1]}`;
}

const toPosix = (path: string) => path.split(sep).join('/');
const TEST_CODE = /\.(test|fixture)\.tsx?$/;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const lineAt = (code: string, offset: number) => code.slice(0, offset).split('\n').length;

/** A route's URL as the server declares it: `url: '/api/admin/…'`. */
const ROUTE_URL = /\burl:\s*(['"`])(\/api\/admin[^'"`]*)\1/g;

/**
 * Each `/api/admin/...` route is declared in its segment's file, and every such URL has a segment:
 * a reader goes from a URL to the one file that answers it.
 */
export function adminRouteProblems(root: string): string[] {
  const files = filesUnder(join(root, 'src/server'), (name) => name.endsWith('.ts') && !TEST_CODE.test(name));
  return files.flatMap((file) => {
    const path = toPosix(relative(root, file));
    const code = readFileSync(file, 'utf8');
    return [...code.matchAll(ROUTE_URL)].flatMap((match) => {
      const url = match[2] ?? '';
      const expected = adminRouteFile(url);
      const where = `${path}:${lineAt(code, match.index ?? 0)}`;
      if (!expected)
        return [
          `${where}: ${url} has no segment file: add its prefix to ADMIN_ROUTE_FILES (scripts/layout-rules.ts)`,
        ];
      return expected === path ? [] : [`${where}: ${url} belongs in ${expected}`];
    });
  });
}

/** Only the admin layer and the command line write the audit log (src/server/admin/admin-route.ts). */
const AUDIT_WRITERS = /^src\/server\/(admin\/|cli\/|audit\.ts$)/;

export function auditWriterProblems(root: string): string[] {
  const files = filesUnder(join(root, 'src/server'), (name) => name.endsWith('.ts') && !TEST_CODE.test(name));
  return files.flatMap((file) => {
    const path = toPosix(relative(root, file));
    if (AUDIT_WRITERS.test(path)) return [];
    const code = readFileSync(file, 'utf8');
    const at = code.search(/\brecordAudit\b/);
    return at < 0
      ? []
      : [
          `${path}:${lineAt(code, at)}: the audit log is written by the admin layer (audited / writeAudit in src/server/admin/admin-route.ts); report an AuditNote instead`,
        ];
  });
}

/** Every file of a browser app's `features/` sits in a feature's folder. */
export function looseFeatureFiles(root: string): string[] {
  return ['web', 'admin'].flatMap((app) => {
    const dir = join(root, 'src', app, 'features');
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `src/${app}/features/${entry.name}:1: a file directly under features/ belongs to no feature: move it into the feature that uses it, or into components/ui or app/styles`,
      );
  });
}

/** A `<dialog>` element written in JSX. */
const DIALOG_ELEMENT = /<dialog\b/;

/**
 * The console opens its dialogs with the storefront's Modal (src/web/components/ui/modal.tsx: focus
 * kept inside, Escape, focus back to the opener), never a `<dialog>` of its own.
 */
export function consoleDialogProblems(root: string): string[] {
  const files = filesUnder(join(root, 'src/admin'), (name) => name.endsWith('.tsx') && !TEST_CODE.test(name));
  return files.flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    const at = code.search(DIALOG_ELEMENT);
    return at < 0
      ? []
      : [
          `${toPosix(relative(root, file))}:${lineAt(code, at)}: the console opens dialogs with Modal from src/web/components/ui/modal.tsx, not a <dialog> of its own`,
        ];
  });
}

/** `@import` in a stylesheet, with its line: `@import './a.css';` or `@import url("./a.css");`. */
const CSS_IMPORT = /@import\s+(?:url\(\s*)?(['"])([^'"]+)\1/g;

export function cssImportsOf(code: string): { specifier: string; line: number }[] {
  return [...code.matchAll(CSS_IMPORT)].map((match) => ({
    specifier: match[2] ?? '',
    line: lineAt(code, match.index ?? 0),
  }));
}
