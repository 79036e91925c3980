import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '#server/db/client';
import type { Listening } from '#server/db/listen';
import { TooManyRequests } from '#server/errors';
import { wakeOnNotify } from '#server/wake-on-notify';
import { STREAM_EVENT } from '#shared/schemas/notification';
import { ORDER_EVENTS_CHANNEL } from './notification.notify';
import { type EventRow, eventsAfter, newestEventId, shopperEvents } from './notification.queries';

/*
 * The live feed (docs/architecture.md, Live order events): Server-Sent Events to the shoppers who
 * have a stream open in this process. One reader per process, never one per stream: it reads the
 * events after the last it saw, when told that some were written (in-process on PGlite, NOTIFY on
 * PostgreSQL, which reaches every process), and on a poll while any stream is open, which catches
 * whatever a lost listening connection missed. Bounded: streams per shopper and in all, a small
 * write buffer per stream (a reader that falls behind is closed, and reconnects), a heartbeat.
 */

export interface FeedLimits {
  /** Open streams in this process, all shoppers together. */
  maxStreams: number;
  /** Open streams of one shopper (tabs, devices). */
  maxPerShopper: number;
  /** How often the feed reads while streams are open, whatever it was told. */
  pollMs: number;
  /** How often an idle stream gets a comment line, so proxies and browsers keep it open. */
  heartbeatMs: number;
}

/** Bytes a stream may have waiting to be sent before its reader counts as gone. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/**
 * Event ids are handed out when a row is written but seen when it commits, so a lower id can
 * appear after a higher one: each read looks this many ids back, and skips the ones it sent.
 */
const LATE_WINDOW = 64;
const READ_BATCH = 500;
/** How long the browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 3000;

interface Stream {
  userId: number;
  raw: ServerResponse;
}

export class EventFeed {
  /**
   * `listening` (PostgreSQL connection up or lost), `read` (a read finished: how many events it
   * sent), `closed` (a stream ended and was forgotten).
   */
  readonly events = new EventEmitter<{ listening: [boolean]; read: [number]; closed: [] }>();
  private readonly byUser = new Map<number, Set<Stream>>();
  private total = 0;
  /** Events above this id are new to the feed; `sent` holds those of the last LATE_WINDOW ids it sent. */
  private cursor = 0;
  private floor = 0;
  private readonly sent = new Set<number>();
  private reading: Promise<void> | undefined;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private listener: Listening | undefined;
  private stopped = false;
  /** Whether the PostgreSQL listening connection is up now. */
  listening = false;

  constructor(
    private readonly deps: { db: Db; log: FastifyBaseLogger; headers: Record<string, string> },
    private readonly limits: FeedLimits,
  ) {}

  /** Starts from the newest event: a stream sends what happens from its opening on. */
  async start(): Promise<void> {
    this.cursor = await newestEventId(this.deps.db);
    this.floor = this.cursor;
    const poll = setInterval(() => {
      if (this.total > 0) this.wake();
    }, this.limits.pollMs);
    const beat = setInterval(() => this.heartbeat(), this.limits.heartbeatMs);
    poll.unref();
    beat.unref();
    this.timers = [poll, beat];
  }

  /** PostgreSQL: reads at once whenever any process commits an order event. */
  listen(database: Pick<Database, 'listen'>, retryMs: number): void {
    if (this.listener) return;
    this.listener = wakeOnNotify(database, ORDER_EVENTS_CHANNEL, retryMs, this, (err) =>
      this.deps.log.warn({ err }, 'order events listening connection lost; polling meanwhile'),
    );
  }

  /** How many streams are open, in all and for one shopper. */
  count(userId?: number): number {
    return userId === undefined ? this.total : (this.byUser.get(userId)?.size ?? 0);
  }

  /**
   * Opens a stream for `userId` on `raw` (calling `take` first, which hands the socket over), or
   * refuses (429) when the shopper or the process has as many as it keeps: the page then reads on
   * a timer instead.
   */
  open(userId: number, raw: ServerResponse, take: () => void): void {
    const mine = this.byUser.get(userId) ?? new Set<Stream>();
    if (this.stopped || this.total >= this.limits.maxStreams || mine.size >= this.limits.maxPerShopper) {
      throw new TooManyRequests(RETRY_MS / 1000, 'errors:notifications.tooManyStreams');
    }
    // From here the stream writes to the socket itself: the framework sends nothing more.
    take();
    const stream: Stream = { userId, raw };
    mine.add(stream);
    this.byUser.set(userId, mine);
    this.total++;
    raw.writeHead(200, {
      ...this.deps.headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx would otherwise hold the events back to fill its buffer.
      'x-accel-buffering': 'no',
    });
    raw.socket?.setNoDelay(true);
    // The page reads the lists again on `ready`: nothing written before the stream opened is lost.
    this.write(stream, `retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
    raw.once('close', () => this.drop(stream));
  }

  /** Reads new events soon; calls while a read runs make one more read after it, never a pile. */
  wake(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.readAll()
      .catch((err) => this.deps.log.warn({ err }, 'order events not read; the next poll tries again'))
      .finally(() => {
        this.reading = undefined;
      });
  }

  /** Resolves once no read is running (tests, and closing). */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }

  /** Ends every stream and stops reading; the browsers reconnect to another process. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    const closing = this.listener?.close();
    this.listener = undefined;
    for (const streams of this.byUser.values()) for (const s of streams) s.raw.end();
    await closing;
    await this.settled();
  }

  private async readAll(): Promise<void> {
    let more = true;
    while (more && !this.stopped) {
      this.again = false;
      const rows = await eventsAfter(
        this.deps.db,
        Math.max(this.floor, this.cursor - LATE_WINDOW),
        READ_BATCH,
      );
      const fresh = rows.filter((r) => !this.sent.has(r.id));
      for (const r of fresh) this.sent.add(r.id);
      this.cursor = Math.max(this.cursor, ...rows.map((r) => r.id));
      for (const id of this.sent) if (id <= this.cursor - LATE_WINDOW) this.sent.delete(id);
      const sentCount = await this.deliver(fresh);
      this.events.emit('read', sentCount);
      more = this.again || rows.length === READ_BATCH;
    }
  }

  /** Sends each event to its shopper's open streams; answers how many it sent. */
  private async deliver(rows: EventRow[]): Promise<number> {
    const wanted = rows.filter((r) => this.byUser.has(r.userId));
    if (wanted.length === 0) return 0;
    const views = await shopperEvents(this.deps.db, wanted);
    let count = 0;
    views.forEach((view, i) => {
      const userId = wanted[i]?.userId ?? 0;
      const text = `id: ${view.id}\nevent: ${STREAM_EVENT}\ndata: ${JSON.stringify(view)}\n\n`;
      for (const stream of this.byUser.get(userId) ?? []) {
        this.write(stream, text);
        count++;
      }
    });
    return count;
  }

  private heartbeat(): void {
    for (const streams of this.byUser.values()) for (const s of streams) this.write(s, ': ping\n\n');
  }

  /** Writes to a stream, or closes it when its reader has let too much pile up. */
  private write(stream: Stream, text: string): void {
    const { raw } = stream;
    if (raw.destroyed || raw.writableEnded) return;
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      raw.destroy();
      return;
    }
    raw.write(text);
  }

  private drop(stream: Stream): void {
    const mine = this.byUser.get(stream.userId);
    if (!mine?.delete(stream)) return;
    this.total--;
    if (mine.size === 0) this.byUser.delete(stream.userId);
    this.events.emit('closed');
  }
}
