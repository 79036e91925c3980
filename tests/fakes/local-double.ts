import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_HEADER } from './timeout-on-hold';

/**
 * What the gateway doubles share: an HTTP server on 127.0.0.1 with a port of its own, and faults
 * queued for the next requests (each double says which faults it knows and what they do).
 */
export abstract class LocalDouble<Fault extends string> {
  baseUrl = '';
  /** Taken one a request; `undefined` (passNext) lets a request through. */
  protected readonly faults: (Fault | undefined)[] = [];
  /** Told which call is held without an answer (see TimeoutOnHold); unset, it simply waits. */
  onHold: ((callId: string) => void) | undefined;
  private readonly server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    // Idle connections stay open until the client (the shop's fetch) closes them: when the server
    // closed them after its 5 s default, a busy test process could reuse one that was just closing
    // (ECONNRESET, answered "unavailable"). stop() closes them all.
    this.server.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next request fails this way. */
  failNext(fault: Fault): void {
    this.faults.push(fault);
  }

  /** The next request is answered as usual: a failNext after it fails the request after that. */
  passNext(): void {
    this.faults.push(undefined);
  }

  /** The `timeout` fault: the call is never answered (its socket stays open until stop()). */
  protected hold(req: IncomingMessage): void {
    const callId = req.headers[CALL_HEADER];
    if (typeof callId === 'string') this.onHold?.(callId);
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}
