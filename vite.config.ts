import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // scripts/check-bundle.ts reads it to tell the home route's initial JavaScript from lazy chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every screen needs, in one long-cached chunk apart from our own code.
        advancedChunks: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }],
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
