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

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), noFirstScreensInDev],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // scripts/check-bundle.ts reads it to tell the home route's initial JavaScript from lazy chunks.
    manifest: true,
    rolldownOptions: {
      // src/shared only declares constants, rules and zod shapes: nothing there runs for its effect, so a
      // shape module nothing uses (the browser validates with the rules, never with zod) is left out.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]shared[\\/]/, sideEffects: false }] },
      output: {
        // The libraries of the first load (React, the router, TanStack Query, i18next) in one
        // long-cached chunk apart from our own code. `$initial` keeps out libraries that only lazy
        // routes import: they load with those routes, not with home.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }],
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
