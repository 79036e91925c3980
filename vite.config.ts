import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * index.html's static first screens are chosen per page by the server (src/server/app-page.ts);
 * the dev server has no such step, so it serves the page without any of them.
 */
const noFirstScreensInDev: Plugin = {
  name: 'no-first-screens-in-dev',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<!--boot-shell:(\w+)-->[\s\S]*?<!--\/boot-shell:\1-->\n?/g, ''),
};

/**
 * The operator console (src/admin, docs/architecture.md §7) is a second entry of this build. Vite names
 * an entry's page by its path under `root` (src/web), so the console's page is taken in as if it were
 * src/web/admin/index.html — written to dist/web/admin/index.html — with its script path adjusted; the
 * dev server serves it for /admin and every path under it.
 */
const ADMIN_SOURCE = resolve('src/admin/index.html');
const ADMIN_PAGE = resolve('src/web/admin/index.html');
const adminPage = (html: string, script: string) => html.replace('src="./main.tsx"', `src="${script}"`);
const adminEntry: Plugin = {
  name: 'admin-entry',
  enforce: 'pre',
  resolveId: (id) => (id === ADMIN_PAGE ? id : undefined),
  load: (id) =>
    id === ADMIN_PAGE ? adminPage(readFileSync(ADMIN_SOURCE, 'utf8'), '../../admin/main.tsx') : undefined,
  configureServer(server) {
    server.middlewares.use(async (request, response, next) => {
      const path = request.url?.split('?')[0] ?? '';
      if (request.method !== 'GET' || !/^\/admin(?:\/|$)/.test(path)) return next();
      const html = adminPage(readFileSync(ADMIN_SOURCE, 'utf8'), `/@fs${resolve('src/admin/main.tsx')}`);
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(await server.transformIndexHtml(path, html));
    });
  },
};

/**
 * Vite puts its modulepreload polyfill in every page; two pages would share it as a chunk of its
 * own, one more request on the storefront's first load. The console (for current desktop browsers)
 * goes without it, so the storefront's entry keeps it inside, as before.
 */
const adminWithoutPolyfill: Plugin = {
  name: 'admin-without-polyfill',
  apply: 'build',
  enforce: 'post',
  transform: (code, id) =>
    id === ADMIN_PAGE ? code.replace(/^import "vite\/modulepreload-polyfill";\n/m, '') : undefined,
};

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), noFirstScreensInDev, adminEntry, adminWithoutPolyfill],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // scripts/check-bundle.ts reads it to tell the home route's initial JavaScript from lazy chunks.
    manifest: true,
    rolldownOptions: {
      input: { index: resolve('src/web/index.html'), admin: ADMIN_PAGE },
      // src/shared only declares constants, rules and zod shapes: nothing there runs for its effect, so a
      // shape module nothing uses (the browser validates with the rules, never with zod) is left out.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]shared[\\/]/, sideEffects: false }] },
      output: {
        // The libraries of the first load (React, the router, TanStack Query, i18next) in one
        // long-cached chunk apart from our own code. `$initial` keeps out libraries that only lazy
        // routes import: they load with those routes, not with home.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            { name: 'common', test: /[\\/]src[\\/]/, tags: ['$initial'], minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      '/locales': 'http://127.0.0.1:3000',
    },
  },
});
