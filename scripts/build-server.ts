import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/** Where `npm start` runs the server from: `node dist/server/server.js`. */
export const SERVER_OUT_DIR = resolve('dist/server');

/**
 * Compiles the server (src/server/server.ts and everything it imports from src/ and seed/, and the
 * PGlite worker thread's entry) into dist/server with esbuild: one ES module per entry plus chunks
 * for what is imported lazily (the demo catalogue, the description sanitizer), so the serving
 * process neither transpiles TypeScript nor loads tsx. Packages in node_modules stay imports (the
 * installed ones are used as they are), and each must be one of package.json's "dependencies",
 * not a dev dependency. Runtime files (drizzle/, build/, public/locales) are found from the
 * checkout's root (src/server/project-root.ts), wherever the code runs from. Names are kept
 * (`keepNames`) so logged stacks and error names read as in the source; a source map is written
 * beside each file, used by `NODE_OPTIONS=--enable-source-maps`.
 */
export async function buildServer(): Promise<void> {
  const started = performance.now();
  const { build } = await import('esbuild');
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  const result = await build({
    // The embedded database's worker thread is an entry of its own: src/server/db/pglite-thread.ts
    // starts dist/server/pglite-worker.js.
    entryPoints: {
      server: resolve('src/server/server.ts'),
      'pglite-worker': resolve('src/server/db/pglite-worker.ts'),
    },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    keepNames: true,
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const missing = devOnlyImports(result.metafile);
  if (missing.length > 0)
    throw new Error(`the server imports ${missing.join(', ')}: move them to "dependencies" in package.json`);
  // A module that runs itself when it is the main script (`import.meta.url === argv[1]`) would
  // run inside the bundle, whose URL is the main script's: none may be part of it.
  const selfRunning = Object.keys(result.metafile.inputs).filter((f) => f.endsWith('render-media.ts'));
  if (selfRunning.length > 0) throw new Error(`the server bundle must not include ${selfRunning.join(', ')}`);
  console.log(`server compiled in ${Math.round(performance.now() - started)} ms`);
}

/** Packages the compiled server imports that are not in package.json "dependencies". */
function devOnlyImports(metafile: {
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}) {
  const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const names = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((i) => i.external && !i.path.startsWith('node:'))
    .map((i) =>
      i.path
        .split('/')
        .slice(0, i.path.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return [...new Set(names)].filter((name) => !(name in pkg.dependencies)).sort();
}
