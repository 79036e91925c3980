import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's folder (the one holding package.json), found from this file's location: the
 * server runs both from source (src/server/…, under tsx in tests and `npm run serve`) and bundled
 * (dist/server/server.js, `npm start`), and a path written relative to one file would be wrong in
 * the other. Runtime files are named from here: drizzle/, build/, public/locales, node_modules/.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the checkout, e.g. `projectPath('drizzle')`. */
export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts);
}
