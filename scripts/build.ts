import { buildWeb, prepareDemoDump, prepareEmptyClusterDump, renderMissingMedia } from './build-steps';

/** `npm run build`: the web app from scratch and any missing catalogue images. */
await prepareEmptyClusterDump();
await prepareDemoDump();
await renderMissingMedia();
await buildWeb();
