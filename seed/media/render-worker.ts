/**
 * A thread of renderMedia (render-media.ts): asks the main thread for a picture whenever one of its
 * lanes is free, and ends when told there are none left.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type RenderItem, renderHere } from './render-media';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread of render-media.ts');
const asked: ((item: RenderItem | null) => void)[] = [];
port.on('message', (item: RenderItem | null) => asked.shift()?.(item));
const next = () =>
  new Promise<RenderItem | undefined>((resolve) => {
    asked.push((item) => resolve(item ?? undefined));
    port.postMessage('next');
  });
const { outDir, lanes } = workerData as { outDir: string; lanes: number };
await renderHere(next, outDir, lanes);
port.close();
