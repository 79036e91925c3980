import { withBuildLock } from './build-lock';
import { isStale, PARTS, type PartName, ROOT, stamp } from './build-plan.js';
import { buildServer } from './build-server';
import { buildWeb, prepareDemoDump, prepareEmptyClusterDump, renderMissingMedia } from './build-steps';

/**
 * `npm run build`: every part (the web app and the server from scratch, missing catalogue images,
 * the database dumps). `scripts/build.ts web server …` builds only the parts named;
 * `--if-stale` (what `npm start` passes, scripts/build-plan.js) only those of them still stale once
 * this build holds the checkout's build lock, so processes started together build once.
 */
const STEPS: Record<PartName, () => Promise<void>> = {
  media: renderMissingMedia,
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

await withBuildLock(
  BUILD_LOCK,
  async () => {
    const parts = all.filter(
      (name) => (asked.length === 0 || asked.includes(name)) && (!ifStale || isStale(name)),
    );
    const build = async (name: PartName) => {
      const startedAt = Date.now();
      await STEPS[name]();
      stamp(name, startedAt);
    };
    // The pictures are drawn on worker threads (seed/media/render-media.ts) while the other parts
    // build on this one: on two cores the dump and the web build fill what the drawing leaves.
    const others = async () => {
      for (const name of parts) if (name !== 'media') await build(name);
    };
    await Promise.all([parts.includes('media') ? build('media') : undefined, others()]);
  },
  {
    onWait: ({ owner, onThisMachine }) =>
      console.log(
        `waiting for the build of process ${owner.pid}${onThisMachine ? '' : ` on ${owner.hostname}`} to finish`,
      ),
  },
);
