import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'seed/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where most
          // of this project's time is loading each file, which two workers halve.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'src/**/*.api.test.ts',
            'tests/api/**/*.api.test.ts',
            'tests/deploy/**/*.api.test.ts',
            'tests/fault/**/*.api.test.ts',
            'tests/load/**/*.api.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two at a time suit a 2-core machine.
          maxWorkers: 2,
          fileParallelism: true,
          // Runs after the unit project (projects with different worker limits need their own group).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
