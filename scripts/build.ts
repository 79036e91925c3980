import { drawingNow } from '#server/media-drawing';
import { withBuildLock } from './build-lock';
import { isStale, PARTS, type PartName, ROOT, stamp } from './build-plan.js';
import { buildServer } from './build-server';
import {
  buildWeb,
  MEDIA_DIR,
  prepareDemoDump,
  prepareEmptyClusterDump,
  renderMissingMedia,
} from './build-steps';

/**
 * `npm run build`: every part (the web app and the server from scratch, missing catalogue images,
 * the database dumps). `scripts/build.ts web server …` builds only the parts named;
 * `--if-stale` (what `npm start` passes, scripts/build-plan.js) only those of them still stale once
 * this build holds the checkout's build lock, so processes started together build once.
 *
 * Started by `npm start` (an IPC channel to it), the build says `ready` once the dumps, the web
 * app and the server are built, and goes on drawing the pictures while the shop opens
 * (docs/decisions/033): the server waits for a picture not drawn yet (src/server/media-drawing.ts).
 */
const STEPS: Record<Exclude<PartName, 'media'>, () => Promise<void>> = {
  dump: async () => {
    await prepareDemoDump();
    await prepareEmptyClusterDump();
  },
  web: buildWeb,
  server: buildServer,
};

/** The lock's folder is `build/build.lock` (process-lock.ts names it after this path). */
const BUILD_LOCK = `${ROOT}build/build`;

const all = Object.keys(PARTS) as PartName[];
const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const asked = args.filter((arg) => arg !== '--if-stale');
const unknown = asked.filter((name) => !all.includes(name as PartName));
if (unknown.length > 0) throw new Error(`unknown part ${unknown.join(', ')}; parts: ${all.join(', ')}`);
const forStart = process.send !== undefined;

const timed = async (name: PartName, step: () => Promise<void>) => {
  const startedAt = Date.now();
  await step();
  stamp(name, startedAt);
};

const { pictures } = await withBuildLock(
  BUILD_LOCK,
  async () => {
    const parts = all.filter(
      (name) => (asked.length === 0 || asked.includes(name)) && (!ifStale || isStale(name)),
    );
    // The dump is PGlite on its worker thread, the web app and the server Vite and esbuild on this
    // one: side by side they fill two cores. The pictures are drawn on worker threads
    // (seed/media/render-media.ts); for `npm start` on one, a picture at a time, which goes on
    // once the shop is open without taking every core from it (docs/decisions/033).
    const others = parts.filter((name): name is Exclude<PartName, 'media'> => name !== 'media');
    const built = Promise.all([
      others.includes('dump') ? timed('dump', STEPS.dump) : undefined,
      (async () => {
        for (const name of others) if (name !== 'dump') await timed(name, STEPS[name]);
      })(),
    ]);
    // Another start's build, which opened its shop, is drawing them now.
    const media = parts.includes('media') && !(ifStale && drawingNow(MEDIA_DIR));
    const pictures = media
      ? timed('media', () => renderMissingMedia({ oneLane: forStart, serving: forStart }))
      : undefined;
    // Awaited below, or after `ready`; until then a failure must not count as unhandled.
    pictures?.catch(() => undefined);
    await built;
    // For `npm start` the lock goes with the other parts: a start beside this one then opens too.
    if (!forStart) await pictures;
    // In an object: an async function returning the promise itself would wait for it.
    return { pictures };
  },
  {
    onWait: ({ owner, onThisMachine }) =>
      console.log(
        `waiting for the build of process ${owner.pid}${onThisMachine ? '' : ` on ${owner.hostname}`} to finish`,
      ),
  },
);

if (forStart) {
  process.send?.('ready');
  // The shop's process has gone (a supervisor's SIGTERM): the next start draws what is missing.
  process.on('disconnect', () => process.exit(0));
  await pictures;
  process.disconnect?.();
}
