/**
 * A lane of renderMedia (render-media.ts), on a worker thread or in a child process of its own:
 * asks for a picture whenever one of its lanes is free, and ends when told there are none left.
 *
 *   node --import tsx seed/media/render-worker.ts <outDir> <lanes>    (with an IPC channel)
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type RenderItem, renderHere } from './render-media';

interface Channel {
  ask(): void;
  onItem(listener: (item: RenderItem | null) => void): void;
  close(): void;
}

function channel(): { channel: Channel; outDir: string; lanes: number } {
  const port = parentPort;
  if (port) {
    const { outDir, lanes } = workerData as { outDir: string; lanes: number };
    return {
      channel: {
        ask: () => port.postMessage('next'),
        onItem: (l) => port.on('message', l),
        close: () => port.close(),
      },
      outDir,
      lanes,
    };
  }
  const send = process.send?.bind(process);
  const [outDir, lanes] = process.argv.slice(2);
  if (!send || !outDir)
    throw new Error('render-worker.ts runs as a worker thread or child process of render-media.ts');
  // The drawing's parent (the build) has gone: the next start draws the rest.
  process.on('disconnect', () => process.exit(0));
  return {
    channel: {
      ask: () => send('next'),
      onItem: (l) => process.on('message', (message: { item: RenderItem | null }) => l(message.item)),
      close: () => process.disconnect(),
    },
    outDir,
    lanes: Number(lanes ?? 1),
  };
}

const { channel: parent, outDir, lanes } = channel();
const asked: ((item: RenderItem | null) => void)[] = [];
parent.onItem((item) => asked.shift()?.(item));
const next = () =>
  new Promise<RenderItem | undefined>((resolve) => {
    asked.push((item) => resolve(item ?? undefined));
    parent.ask();
  });
await renderHere(next, outDir, lanes);
parent.close();
