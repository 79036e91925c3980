import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A first `npm start` opens the shop while its build goes on drawing the demo pictures
 * (docs/decisions/033): the drawer writes its pid to `<media folder>.drawing`, and a request for a
 * picture not drawn yet leaves its file name in `<media folder>.wanted/`, which the drawer draws
 * next (seed/media/render-media.ts), and waits for the file instead of answering 404. Both live
 * beside the served folder, never in it, so neither is ever served.
 */
export const drawingMarker = (mediaDir: string) => `${mediaDir}.drawing`;
export const wantedFolder = (mediaDir: string) => `${mediaDir}.wanted`;

/** A picture's file name as the drawer writes it: nothing that could leave the folder. */
const PICTURE = /^[a-z0-9][\w-]*\.webp$/;

/** How long a request waits for its picture: the drawer draws a wanted one in well under a second. */
const WAIT_MS = 30_000;
const POLL_MS = 50;
/**
 * Requests waiting at once, at most: past it one is answered as the folder stands (a 404 until
 * drawn), so names made up by a client cannot hold the server's memory or write without bound.
 */
const WAITING_MAX = 64;
let waiting = 0;

/** Whether a live process is drawing into `mediaDir` now. */
export function drawingNow(mediaDir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(drawingMarker(mediaDir), 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When `file` (a name under /media/) is not drawn yet and a drawer is at work, asks for it and
 * returns once it is on disk, the drawer has stopped, or WAIT_MS have passed; at once otherwise.
 */
export async function waitForPicture(mediaDir: string, file: string): Promise<void> {
  if (!PICTURE.test(file) || existsSync(`${mediaDir}/${file}`) || waiting >= WAITING_MAX) return;
  if (!drawingNow(mediaDir)) return;
  waiting++;
  try {
    await askAndWait(mediaDir, file);
  } finally {
    waiting--;
  }
}

async function askAndWait(mediaDir: string, file: string): Promise<void> {
  try {
    mkdirSync(wantedFolder(mediaDir), { recursive: true });
    writeFileSync(`${wantedFolder(mediaDir)}/${file}`, '');
  } catch {
    // Asking is a hint: the drawer reaches the picture in its own order anyway.
  }
  const until = Date.now() + WAIT_MS;
  let polls = 0;
  while (!existsSync(`${mediaDir}/${file}`) && Date.now() < until) {
    // Looking at the marker is a file read: every 20th poll, about once a second.
    if (++polls % 20 === 0 && !drawingNow(mediaDir)) return;
    await sleep(POLL_MS);
  }
}
