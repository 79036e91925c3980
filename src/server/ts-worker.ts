import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * tsx's ESM API module. Vitest's module runner has no `import.meta.resolve`, and `require.resolve`
 * picks the CommonJS build, whose `register` cannot load the ESM hooks: so tsx's own export map says.
 */
function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  const api = exports['./esm/api']?.import.default;
  if (!api) throw new Error('tsx has no ESM API to run a worker thread from source');
  return pathToFileURL(join(dirname(manifest), api)).href;
}

/**
 * A worker thread running a TypeScript file, for code that runs from source (tests, the build): a
 * new thread has no TypeScript loader of its own, so it registers tsx before importing `file`.
 */
export function startTsWorker(file: URL, options: WorkerOptions): Worker {
  const boot = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
