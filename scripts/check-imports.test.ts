import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from './check-imports';
import { tempTrees } from './temp-tree';

const trees = tempTrees('check-imports-');
const tree = trees.make;

afterEach(() => trees.removeAll());

/** A small shop that keeps every rule; each test adds one file to it. */
const GOOD: Record<string, string> = {
  'src/shared/money.ts': "import { z } from 'zod';\nexport const cents = z.number();\n",
  'src/shared/schemas/index.ts': "export * from '../money';\n",
  'src/server/modules/order/order.service.ts':
    "import { cents } from '../../../shared/money';\nimport type { Row } from '../payment/payment.store';\nexport const o = cents;\nexport type R = Row;\n",
  'src/server/modules/payment/payment.store.ts': 'export type Row = { id: number };\n',
  'src/server/db/client.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'src/web/lib/api-client.ts': "import { cents } from '#shared/money';\nexport const api = cents;\n",
  'src/web/api/order.ts': "import { api } from '../lib/api-client';\nexport const orders = api;\n",
  'src/web/components/ui/form.css': '.field {}\n',
  'src/web/components/ui/field.tsx':
    "import './form.css';\nimport { api } from '#web/lib/api-client.js';\nexport const Field = api;\n",
  'src/web/features/cart/pages/cart-page.tsx':
    "import { orders } from '../../../api/order';\nimport { Field } from '../../../components/ui/field';\nimport { Line } from '../components/line';\nimport '../cart.css';\nexport const Cart = [orders, Field, Line];\n",
  'src/web/features/cart/components/line.tsx':
    "import { Field } from '#web/components/ui/field';\nexport const Line = Field;\n",
  'src/web/features/cart/cart.css': '.cart {}\n',
  'src/web/features/order/pages/order-page.tsx':
    "import { orders } from '../../../api/order';\nimport type { cents } from '../../../../shared/schemas';\nexport const Order = [orders];\n",
  'src/web/app/router.tsx':
    "import { Cart } from '../features/cart/pages/cart-page';\nexport const lazy = () => import('../features/order/pages/order-page');\nexport const routes = [Cart];\n",
};

const check = (extra: Record<string, string> = {}) => checkImports(tree({ ...GOOD, ...extra }));

describe('check-imports', () => {
  it('passes a tree that keeps the rules (aliases, index files, .js for .ts, CSS, lazy routes)', () => {
    const report = check();
    expect(report.problems).toEqual([]);
    expect(report.cycles).toEqual([]);
    expect(report.moduleCycles).toEqual([]);
    // Ten scripts and the two stylesheets, whose @imports are read too.
    expect(report.files).toBe(14);
  });

  it('fails a feature importing another feature', () => {
    const report = check({
      'src/web/features/order/components/lines.tsx':
        "import { Line } from '../../cart/components/line';\nexport const L = Line;\n",
    });
    expect(report.problems).toEqual([
      expect.stringMatching(
        /^src\/web\/features\/order\/components\/lines\.tsx:1: feature 'order' imports feature 'cart'/,
      ),
    ]);
  });

  it("fails a feature importing another feature's stylesheet", () => {
    const report = check({ 'src/web/features/order/order.ts': "import '../cart/cart.css';\n" });
    expect(report.problems).toEqual([expect.stringContaining("feature 'order' imports feature 'cart'")]);
  });

  it("fails a stylesheet @importing another feature's stylesheet, and one naming no file", () => {
    const report = check({
      'src/web/features/order/order.css':
        "@import '../cart/cart.css';\n@import url('./gone.css');\n.order {}\n",
    });
    expect(report.problems).toEqual([
      expect.stringMatching(
        /^src\/web\/features\/order\/order\.css:1: feature 'order' imports feature 'cart'/,
      ),
      expect.stringMatching(/^src\/web\/features\/order\/order\.css:2: cannot resolve '\.\/gone\.css'/),
    ]);
  });

  it('fails a domain module importing the admin layer, and lets its tests do so', () => {
    const report = check({
      'src/server/admin/admin-route.ts': 'export const adminRoute = 1;\n',
      'src/server/modules/order/order.api.test.ts':
        "import { adminRoute } from '#server/admin/admin-route';\nexport const a = adminRoute;\n",
      'src/server/modules/order/order.admin.ts':
        "import { adminRoute } from '../../admin/admin-route';\nexport const a = adminRoute;\n",
    });
    expect(report.problems).toEqual([
      expect.stringMatching(
        /^src\/server\/modules\/order\/order\.admin\.ts:1: a domain module never imports the admin layer/,
      ),
    ]);
  });

  it('fails a feature reached through the #web alias or a lazy import', () => {
    const report = check({
      'src/web/features/order/a.ts': "export { Line } from '#web/features/cart/components/line';\n",
      'src/web/features/order/b.ts': "export const b = () => import('../cart/pages/cart-page');\n",
    });
    expect(report.problems).toHaveLength(2);
    expect(report.problems.every((p) => p.includes("feature 'order' imports feature 'cart'"))).toBe(true);
  });

  it('fails shared web code or a feature reaching up to features or the app', () => {
    const report = check({
      'src/web/components/ui/bad.tsx':
        "import { Cart } from '../../features/cart/pages/cart-page';\nexport const x = Cart;\n",
      'src/web/features/cart/bad.ts':
        "import { routes } from '../../app/router';\nexport const y = routes;\n",
    });
    expect(report.problems).toEqual([
      expect.stringContaining('only src/web/app composes features'),
      expect.stringContaining('src/web/app is the top'),
    ]);
  });

  it('fails the web importing the server, even a type', () => {
    const report = check({
      'src/web/api/bad.ts':
        "import type { Row } from '../../server/modules/payment/payment.store';\nexport type X = Row;\n",
    });
    expect(report.problems).toEqual([expect.stringContaining('the web never imports the server')]);
  });

  it('fails the web taking a value from a zod schema or its barrel; rules and types pass', () => {
    const zod =
      "import { z } from 'zod';\nexport const OrderInput = z.object({});\nexport type OrderInput = {};\n";
    const files = {
      'src/shared/schemas/order.rules.ts': 'export const COUPON_MAX = 64;\n',
      'src/shared/schemas/order.zod.ts': zod,
      'src/shared/schemas/order.ts': "export * from './order.rules';\nexport * from './order.zod';\n",
      'src/web/api/good.ts':
        "import { COUPON_MAX } from '#shared/schemas/order.rules';\nimport type { OrderInput } from '#shared/schemas/order';\nexport const x = [COUPON_MAX];\nexport type Y = OrderInput;\n",
    };
    expect(check(files).problems).toEqual([]);
    const report = check({
      ...files,
      'src/web/api/barrel.ts':
        "import { COUPON_MAX } from '#shared/schemas/order';\nexport const x = COUPON_MAX;\n",
      'src/web/api/zod.ts':
        "import { OrderInput } from '../../shared/schemas/order.zod';\nexport const y = OrderInput;\n",
    });
    expect(report.problems).toEqual([
      expect.stringMatching(/^src\/web\/api\/barrel\.ts:1: the browser does not load zod/),
      expect.stringMatching(/^src\/web\/api\/zod\.ts:1: the browser does not load zod/),
    ]);
  });

  it('fails either app taking a value from an answer schema of src/shared/schemas/admin; types pass', () => {
    const files = {
      'src/shared/schemas/admin/orders.zod.ts':
        "import { z } from 'zod';\nexport const OrderPage = z.strictObject({});\nexport type OrderPage = {};\n",
      'src/admin/features/orders/api/orders.ts':
        "import type { OrderPage } from '#shared/schemas/admin/orders.zod';\nexport type P = OrderPage;\n",
      'src/web/api/types.ts':
        "import type { OrderPage } from '../../shared/schemas/admin/orders.zod';\nexport type P = OrderPage;\n",
    };
    expect(check(files).problems).toEqual([]);
    const report = check({
      ...files,
      'src/admin/features/orders/api/parse.ts':
        "import { OrderPage } from '#shared/schemas/admin/orders.zod';\nexport const p = OrderPage;\n",
      'src/web/api/parse.ts': "export { OrderPage } from '../../shared/schemas/admin/orders.zod';\n",
    });
    expect(report.problems).toEqual([
      expect.stringMatching(/^src\/admin\/features\/orders\/api\/parse\.ts:1: the browser does not load zod/),
      expect.stringMatching(/^src\/web\/api\/parse\.ts:1: the browser does not load zod/),
    ]);
  });

  it("lets the console take src/shared and the storefront's shared layers, and nothing else of the web", () => {
    const console = {
      'src/web/app/styles/tokens.css': ':root {}\n',
      'src/admin/lib/client.ts':
        "import { api } from '#web/lib/api-client';\nimport { cents } from '#shared/money';\nexport const client = [api, cents];\n",
      'src/admin/features/staff/staff-page.tsx':
        "import { Field } from '#web/components/ui/field';\nimport { client } from '../../lib/client';\nexport const Staff = [Field, client];\n",
      'src/admin/app/router.tsx':
        "import '#web/app/styles/tokens.css';\nexport const lazy = () => import('../features/staff/staff-page');\n",
    };
    expect(check(console).problems).toEqual([]);
    const report = check({
      ...console,
      'src/admin/features/orders/orders-page.tsx':
        "import { Cart } from '#web/features/cart/pages/cart-page';\nimport { Staff } from '../staff/staff-page';\nexport const O = [Cart, Staff];\n",
      'src/admin/lib/bad.ts':
        "import { orders } from '../../web/api/order';\nimport type { Row } from '#server/modules/payment/payment.store';\nimport { lazy } from '../app/router';\nexport const b = [orders, lazy];\nexport type R = Row;\n",
      'src/web/lib/bad.ts': "import { client } from '#admin/lib/client';\nexport const b = client;\n",
    });
    expect(report.problems).toEqual([
      expect.stringMatching(
        /^src\/admin\/features\/orders\/orders-page\.tsx:1: the console takes from the storefront only/,
      ),
      expect.stringMatching(
        /^src\/admin\/features\/orders\/orders-page\.tsx:2: feature 'orders' imports feature 'staff'/,
      ),
      expect.stringMatching(/^src\/admin\/lib\/bad\.ts:1: the console takes from the storefront only/),
      expect.stringMatching(/^src\/admin\/lib\/bad\.ts:2: the console never imports the server/),
      expect.stringMatching(/^src\/admin\/lib\/bad\.ts:3: src\/admin\/app is the top/),
      expect.stringMatching(/^src\/web\/lib\/bad\.ts:1: only the console imports the console/),
    ]);
  });

  it('fails the server importing the web', () => {
    const report = check({
      'src/server/bad.ts': "import { api } from '#web/lib/api-client';\nexport const x = api;\n",
    });
    expect(report.problems).toEqual([expect.stringContaining('the server never imports the web')]);
  });

  it('fails shared code importing the server, the web, a Node module or anything outside src/shared', () => {
    const report = check({
      'src/shared/a.ts': "import { read } from '#server/db/client';\nexport const a = read;\n",
      'src/shared/b.ts': "import { api } from '../web/lib/api-client';\nexport const b = api;\n",
      'src/shared/c.ts': "import { createHash } from 'node:crypto';\nexport const c = createHash;\n",
      'src/shared/d.ts': "import { readFileSync } from 'fs';\nexport const d = readFileSync;\n",
      'src/shared/e.ts': "import data from '../../seed/data.json';\nexport const e = data;\n",
      'seed/data.json': '{}\n',
    });
    expect(report.problems).toEqual([
      expect.stringMatching(/^src\/shared\/a\.ts:1: src\/shared imports only src\/shared/),
      expect.stringMatching(/^src\/shared\/b\.ts:1: src\/shared imports only src\/shared/),
      expect.stringMatching(/^src\/shared\/c\.ts:1: .*no Node module \('node:crypto'\)/),
      expect.stringMatching(/^src\/shared\/d\.ts:1: .*no Node module \('fs'\)/),
      expect.stringMatching(/^src\/shared\/e\.ts:1: src\/shared imports only src\/shared/),
    ]);
  });

  it('fails an import that names no file, and ignores import-like text in comments and strings', () => {
    const report = check({
      'src/web/lib/bad.ts':
        "// import x from './commented-out';\nconst s = \"import('./in-a-string')\";\nimport { y } from './missing';\nexport const z = [s, y, (n: string) => import(`./pages/$" +
        '{n}`)];\n',
    });
    expect(report.problems).toEqual([
      expect.stringMatching(/^src\/web\/lib\/bad\.ts:3: cannot resolve '\.\/missing'/),
    ]);
  });

  it('finds a cycle between files, through an index file and a type-only import', () => {
    const report = check({
      'src/server/modules/payment/gateways/index.ts': "export { sandbox } from './sandbox';\n",
      'src/server/modules/payment/gateways/sandbox.ts':
        "import type { Gateway } from './gateway';\nexport const sandbox = 1;\nexport type S = Gateway;\n",
      'src/server/modules/payment/gateways/gateway.ts':
        "import { sandbox } from '.';\nexport interface Gateway { id: number }\nexport const make = () => sandbox;\n",
    });
    expect(report.problems).toEqual([]);
    expect(report.cycles).toEqual([
      {
        members: [
          'src/server/modules/payment/gateways/gateway.ts',
          'src/server/modules/payment/gateways/index.ts',
          'src/server/modules/payment/gateways/sandbox.ts',
        ],
        path: [
          'src/server/modules/payment/gateways/gateway.ts',
          'src/server/modules/payment/gateways/index.ts',
          'src/server/modules/payment/gateways/sandbox.ts',
          'src/server/modules/payment/gateways/gateway.ts',
        ],
      },
    ]);
  });

  it('finds a cycle between server modules that no single file closes', () => {
    // order.service imports payment.store (in GOOD); now a payment file imports an order file.
    const report = check({
      'src/server/modules/payment/payment.apply.ts':
        "import { o } from '../order/order.service';\nexport const apply = o;\n",
    });
    expect(report.cycles).toEqual([]);
    expect(report.moduleCycles).toEqual([
      {
        members: ['src/server/modules/order', 'src/server/modules/payment'],
        path: ['src/server/modules/order', 'src/server/modules/payment', 'src/server/modules/order'],
      },
    ]);
  });

  it('leaves tests and fixtures out of the module cycles: they sit above the modules', () => {
    const report = check({
      'src/server/modules/payment/payment.fixture.ts':
        "import { o } from '../order/order.service';\nexport const paid = o;\n",
      'src/server/modules/payment/refund.api.test.ts':
        "import { o } from '../order/order.service';\nexport const t = o;\n",
    });
    expect(report.problems).toEqual([]);
    expect(report.cycles).toEqual([]);
    expect(report.moduleCycles).toEqual([]);
  });

  it('finds a file importing itself', () => {
    const report = check({
      'src/web/lib/self.ts': "import { a } from './self';\nexport const b = 1;\nexport { a };\n",
    });
    expect(report.cycles.map((c) => c.path)).toEqual([['src/web/lib/self.ts', 'src/web/lib/self.ts']]);
  });
});
