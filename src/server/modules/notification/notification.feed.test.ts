import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import { EventFeed } from './notification.feed';

/** A response as far as the feed uses one: what was written, how much waits, whether it was closed. */
class FakeResponse extends EventEmitter {
  written: string[] = [];
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  socket = undefined;
  writeHead() {
    return this;
  }
  write(text: string) {
    this.written.push(text);
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

const limits = { maxStreams: 3, maxPerShopper: 2, pollMs: 60_000, heartbeatMs: 60_000 };
const newFeed = () => new EventFeed({ db: {} as Db, log: pino({ level: 'silent' }), headers: {} }, limits);
const asRaw = (r: FakeResponse) => r as unknown as ServerResponse;
const heartbeat = (feed: EventFeed) => (feed as unknown as { heartbeat(): void }).heartbeat();

describe('the live feed’s bounds', () => {
  it('refuses past the caps before touching the connection, and frees a place when a stream closes', () => {
    const feed = newFeed();
    const streams = [new FakeResponse(), new FakeResponse(), new FakeResponse()];
    let taken = 0;
    const take = () => {
      taken++;
    };
    feed.open(1, asRaw(streams[0] as FakeResponse), take);
    feed.open(1, asRaw(streams[1] as FakeResponse), take);
    const third = new FakeResponse();
    expect(() => feed.open(1, asRaw(third), take)).toThrow(expect.objectContaining({ status: 429 }));
    expect({ taken, written: third.written }).toEqual({ taken: 2, written: [] });
    feed.open(2, asRaw(streams[2] as FakeResponse), take);
    expect(() => feed.open(3, asRaw(new FakeResponse()), take)).toThrow(
      expect.objectContaining({ status: 429 }),
    );
    expect(feed.count()).toBe(3);

    streams[0]?.destroy();
    expect([feed.count(), feed.count(1)]).toEqual([2, 1]);
    feed.open(1, asRaw(new FakeResponse()), take);
    expect(feed.count(1)).toBe(2);
  });

  it('says `ready` at once, keeps idle streams open with a comment, and closes one whose reader fell behind', () => {
    const feed = newFeed();
    const quick = new FakeResponse();
    const slow = new FakeResponse();
    feed.open(1, asRaw(quick), () => undefined);
    feed.open(2, asRaw(slow), () => undefined);
    expect(quick.written.join('')).toContain('event: ready');
    slow.writableLength = 65 * 1024;
    heartbeat(feed);
    expect(quick.written.at(-1)).toBe(': ping\n\n');
    expect(slow.destroyed).toBe(true);
    expect(slow.written).toHaveLength(1);
    expect(feed.count()).toBe(1);
  });
});
