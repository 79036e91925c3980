import { defineConfig, devices } from '@playwright/test';
import { TEST_SERVER_ENV } from './tests/e2e/fixtures/server';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Browser tests drive Debian's Chromium (never a downloaded browser) against the built app. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // A test's own steps wait at most 5 s each; the whole test may take a minute, as the console's
  // longer flows (invite, set a password, sign in, enrol two-factor) took 30 s on CI's slower machine.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, browserName: 'chromium' },
      // The console is desktop-first (its specs check a phone's width themselves, admin-phone.spec.ts).
      testIgnore: /[\\/]admin-[^\\/]*\.spec\.ts$/,
    },
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 }, browserName: 'chromium' } },
  ],
  // The shop as users run it: `npm start`'s script (rebuilds what changed, then serves the compiled
  // server). `npm test` has built everything just before, so it only serves here.
  webServer: {
    command: 'node scripts/start.js',
    url: `http://127.0.0.1:${PORT}/api/index_banners`,
    reuseExistingServer: false,
    // Long enough for a build of the web app when the sources changed since the last one.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory:',
      LOG_LEVEL: 'warn',
      ...TEST_SERVER_ENV,
    },
  },
});
