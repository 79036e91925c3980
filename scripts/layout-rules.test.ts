import { afterEach, describe, expect, it } from 'vitest';
import {
  adminRouteFile,
  adminRouteProblems,
  auditWriterProblems,
  consoleDialogProblems,
  cssImportsOf,
  looseFeatureFiles,
} from './layout-rules';
import { tempTrees } from './temp-tree';

const trees = tempTrees('layout-rules-');
const tree = trees.make;

afterEach(() => trees.removeAll());

const routeFile = (url: string) => `route(app, { method: 'GET', url: '${url}', input: NoInput }, h);\n`;

describe('admin routes by URL', () => {
  it('gives each URL the file of its longest prefix', () => {
    expect(adminRouteFile('/api/admin/orders/:orderNo/refund')).toBe('src/server/admin/orders.routes.ts');
    expect(adminRouteFile('/api/admin/orders/packing')).toBe('src/server/admin/packing.routes.ts');
    expect(adminRouteFile('/api/admin/products/:id/stock')).toBe('src/server/admin/stock.routes.ts');
    expect(adminRouteFile('/api/admin/products/:id/images/order')).toBe('src/server/admin/media.routes.ts');
    expect(adminRouteFile('/api/admin/products.csv')).toBe('src/server/admin/import.routes.ts');
    expect(adminRouteFile('/api/admin/products/:id')).toBe('src/server/admin/products.routes.ts');
    expect(adminRouteFile('/api/admin/delivery/slots')).toBe('src/server/admin/slots.routes.ts');
    expect(adminRouteFile('/api/admin/productsx')).toBeUndefined();
  });

  it('passes a route in its segment file and names the right file for one elsewhere', () => {
    const root = tree({
      'src/server/admin/orders.routes.ts': routeFile('/api/admin/orders/:orderNo'),
      'src/server/modules/order/order.routes.ts': `${routeFile('/api/orders')}${routeFile('/api/admin/today')}`,
      'src/server/modules/order/order.api.test.ts': routeFile('/api/admin/anything'),
    });
    expect(adminRouteProblems(root)).toEqual([
      'src/server/modules/order/order.routes.ts:2: /api/admin/today belongs in src/server/admin/today.routes.ts',
    ]);
  });

  it('refuses an admin URL no segment claims', () => {
    const root = tree({ 'src/server/admin/misc.routes.ts': routeFile('/api/admin/ledger') });
    expect(adminRouteProblems(root)[0]).toMatch(/\/api\/admin\/ledger has no segment file/);
  });
});

describe('the audit log has one writer', () => {
  it('lets the admin layer and the command line write it, and nothing else', () => {
    const root = tree({
      'src/server/audit.ts': 'export async function recordAudit() {}\n',
      'src/server/admin/admin-route.ts': "import { recordAudit } from '#server/audit';\nrecordAudit();\n",
      'src/server/cli/shop.ts': "import { recordAudit } from '#server/audit';\n",
      'src/server/modules/stock/stock.service.ts': "\nimport { recordAudit } from '#server/audit';\n",
      'src/server/modules/stock/stock.api.test.ts': "import { recordAudit } from '#server/audit';\n",
    });
    expect(auditWriterProblems(root)).toEqual([
      expect.stringMatching(
        /^src\/server\/modules\/stock\/stock\.service\.ts:2: the audit log is written by the admin layer/,
      ),
    ]);
  });
});

describe('features hold only feature folders', () => {
  it('names a file lying directly under features/', () => {
    const root = tree({
      'src/admin/features/orders/orders-page.tsx': 'export {};\n',
      'src/admin/features/shop-pages.css': '.a {}\n',
      'src/web/features/cart/cart.css': '.b {}\n',
    });
    expect(looseFeatureFiles(root)).toEqual([
      expect.stringMatching(/^src\/admin\/features\/shop-pages\.css:1: a file directly under features\//),
    ]);
  });
});

describe('one dialog for both apps', () => {
  it("names a console file with a <dialog> of its own, not one using the storefront's Modal", () => {
    const root = tree({
      'src/admin/features/orders/components/own.tsx':
        'export const A = () => (\n  <dialog open>hi</dialog>\n);\n',
      'src/admin/features/orders/components/shared.tsx':
        "import { Modal } from '#web/components/ui/modal';\n",
      'src/web/components/ui/modal.tsx': 'export const Modal = () => <dialog />;\n',
    });
    expect(consoleDialogProblems(root)).toEqual([
      'src/admin/features/orders/components/own.tsx:2: the console opens dialogs with Modal from src/web/components/ui/modal.tsx, not a <dialog> of its own',
    ]);
  });
});

describe('stylesheet imports', () => {
  it('reads both forms of @import with their lines', () => {
    const css = '.a {}\n@import \'./tokens.css\';\n@import url("../../other/x.css") screen;\n';
    expect(cssImportsOf(css)).toEqual([
      { specifier: './tokens.css', line: 2 },
      { specifier: '../../other/x.css', line: 3 },
    ]);
  });
});
