import { buildWeb, prepareDemoDump, renderMissingMedia, webIsBuilt } from './build-steps';

/**
 * `npm start`: builds what is missing (the web app, catalogue images, the demo database dump), then
 * runs the server in this same process, so the shell's Ctrl-C and a supervisor's SIGTERM reach it
 * directly.
 */
await renderMissingMedia();
await prepareDemoDump();
if (!webIsBuilt()) await buildWeb();
await import('../src/server/server');
