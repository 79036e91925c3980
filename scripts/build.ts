import { buildWeb, prepareEmptyClusterDump, renderMissingMedia } from './build-steps';

/** `npm run build`: the web app from scratch and any missing catalogue images. */
await prepareEmptyClusterDump();
await renderMissingMedia();
await buildWeb();
