import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the gateway doubles share: an HTTP server on 127.0.0.1 with a port of its own, and faults
 * queued for the next requests (each double says which faults it knows and what they do).
 */
export abstract class LocalDouble<Fault extends string> {
  baseUrl = '';
  protected readonly faults: Fault[] = [];
  private readonly server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
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

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}
