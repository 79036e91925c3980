import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, so tests watch the shop hold an
 * actual SMTP conversation (and read the code out of the mail, as a shopper would).
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  /** While true, every sender is refused with a permanent error (550), as a mail server that is down for us. */
  refusing = false;
  /**
   * While true, a message's data is read but never answered: the sender waits, as on a stalled
   * server, and the message is not kept. `held` counts them.
   */
  holding = false;
  held = 0;
  private waiters: (() => void)[] = [];
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, done) => done(null, { user: auth.username }),
      onMailFrom: (_address, _session, done) =>
        this.refusing ? done(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })) : done(),
      onData: (stream, session, done) => {
        if (this.holding) {
          this.held++;
          stream.resume();
          for (const wake of this.waiters.splice(0)) wake();
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = await simpleParser(raw);
          this.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            raw,
            parsed,
          });
          for (const wake of this.waiters.splice(0)) wake();
          done();
        });
      },
    });
  }

  /** Listens on `port` (any free one by default) and answers the SMTP_URL that reaches it. */
  async start(port = 0): Promise<string> {
    // A sender that dies mid-conversation (a killed shop) resets its connection: not the catcher's error.
    this.server.on('error', () => {});
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.server.address() as AddressInfo;
    return `smtp://tester:secret@127.0.0.1:${address.port}`;
  }

  /** The newest mail to `address`, waiting up to `ms` (5 s) for one that satisfies `since`. */
  async latestTo(address: string, since = 0, ms = 5000): Promise<CaughtMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const mine = this.mails.filter((m) => m.to === address);
      if (mine.length > since) return mine[mine.length - 1] as CaughtMail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** Waits up to `ms` for a message to be held (see `holding`). */
  async heldOne(ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.held === 0) {
      if (Date.now() > deadline) throw new Error('no message was held');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** Waits up to `ms` until `count` mails have arrived in all (a bound for a failing test, not a timing). */
  async receivedAll(count: number, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.mails.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.mails.length} mails of ${count} arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  countTo(address: string): number {
    return this.mails.filter((m) => m.to === address).length;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The 6-digit code in a mail's plain-text part. */
export function codeIn(mail: CaughtMail): string | undefined {
  return /^\s{4}(\d{6})$/m.exec(mail.text)?.[1];
}
