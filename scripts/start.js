// @ts-check
import { buildForStart, parsePrebuilt } from './build-plan.js';

/**
 * `npm start`: builds what is missing or out of date (scripts/build-plan.js) in a child process,
 * which says when the shop can open and goes on drawing the pictures (docs/decisions/033), then
 * runs the compiled server (dist/server/server.js) in this same process, so the shell's Ctrl-C and
 * a supervisor's SIGTERM reach it directly. Plain JavaScript: the serving
 * process loads neither tsx nor Vite, sharp or the build. With PREBUILT=1 (a tree built elsewhere,
 * docs/architecture.md §3) it never builds: a missing part stops the start instead.
 */
try {
  await buildForStart({ prebuilt: parsePrebuilt(process.env.PREBUILT) });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// A name tsc does not follow: the file exists only once built.
const server = '../dist/server/server.js';
await import(server);
