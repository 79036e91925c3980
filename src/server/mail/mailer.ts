import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** `smtp`: sent to a real server; `outbox`: written as an .eml file (no SMTP_URL configured). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Mail through nodemailer: a real SMTP conversation when SMTP_URL is set, otherwise the same
 * message rendered to an .eml file in DATA_DIR/outbox, so a shop without mail still works.
 */
export function createMailer(mail: Config['mail'], log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const from = { name: mail.shopName, address: mail.from };
  if (mail.smtpUrl) {
    // Time-outs well inside the outbox worker's lease (outbox-worker.ts), so a stalled server
    // fails the try instead of holding the mail past the lease (another worker would take it).
    const transport = nodemailer.createTransport({
      url: mail.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(mail.outboxDir, { recursive: true });
      const file = join(mail.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ file }, 'mail written to the outbox (no SMTP_URL set)');
    },
    close: () => transport.close(),
  };
}
