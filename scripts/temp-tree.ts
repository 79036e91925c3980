import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Throw-away project roots for the checkers' tests: `make(files)` writes the files (path →
 * content) under a new temporary root and answers it; `removeAll()` deletes every root made.
 */
export function tempTrees(prefix: string) {
  const roots: string[] = [];
  return {
    make(files: Record<string, string>): string {
      const root = mkdtempSync(join(tmpdir(), prefix));
      roots.push(root);
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), content);
      }
      return root;
    },
    removeAll(): void {
      for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
    },
  };
}
