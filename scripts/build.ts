import { PARTS, type PartName, stamp } from './build-plan.js';
import { buildServer } from './build-server';
import { buildWeb, prepareDemoDump, prepareEmptyClusterDump, renderMissingMedia } from './build-steps';

/**
 * `npm run build`: every part (the web app and the server from scratch, missing catalogue images,
 * the database dumps). `scripts/build.ts web server …` builds only the parts named; `npm start`
 * names the stale ones (scripts/build-plan.js).
 */
const STEPS: Record<PartName, () => Promise<void>> = {
  media: renderMissingMedia,
  dump: async () => {
    await prepareEmptyClusterDump();
    await prepareDemoDump();
  },
  web: buildWeb,
  server: buildServer,
};

const all = Object.keys(PARTS) as PartName[];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !all.includes(name as PartName));
if (unknown.length > 0) throw new Error(`unknown part ${unknown.join(', ')}; parts: ${all.join(', ')}`);
for (const name of all) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  const startedAt = Date.now();
  await STEPS[name]();
  stamp(name, startedAt);
}
