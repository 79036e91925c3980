import pg from 'pg';

export interface ListenHandlers {
  message(payload: string | undefined): void;
  /** Listening (again): anything sent while not listening was missed, so catch up now. */
  connected(): void;
  /** The connection was lost; `connected` follows once listening again. */
  lost(err: unknown): void;
}

export interface Listening {
  close(): Promise<void>;
}

/** The application name of listening connections, so operators (and tests) can find them. */
export const LISTENER_APPLICATION_NAME = 'shop-catalogue-listener';

/**
 * LISTENs on `channel` on a connection of its own (a pooled connection is handed to other queries
 * and would lose the LISTEN), and listens again after `retryMs` whenever the connection is lost
 * or cannot be made.
 */
export function listenOn(url: string, channel: string, handlers: ListenHandlers, retryMs: number): Listening {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const again = (err: unknown) => {
    if (closed || retry) return;
    handlers.lost(err);
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    client?.end().catch(() => undefined);
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, retryMs);
    retry.unref();
  };

  const connect = () => {
    const c = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload);
    });
    c.on('error', again);
    c.on('end', () => again(new Error('listening connection ended')));
    c.connect()
      .then(() => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (!closed && client === c) handlers.connected();
      })
      .catch(again);
  };

  connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      c?.removeAllListeners();
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
