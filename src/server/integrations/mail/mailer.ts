/**
 * Outgoing mail through nodemailer (DESIGN.md "mail"): SMTP when SMTP_URL is set, otherwise each
 * message is written as an .eml file under DATA_DIR/outbox so the demo works offline.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; throws when the transport fails. */
  send(message: MailMessage): Promise<void>;
  /** Where messages go: 'smtp' or the outbox folder's path. */
  readonly target: string;
}

/** Builds the mailer for SMTP_URL, or the outbox folder when it is unset. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      target: 'smtp',
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: opts.outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      // The folder is made when a write finds it missing, not before every mail (issue 8).
      try {
        await writeFile(file, info.message as Buffer);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(opts.outboxDir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      }
    },
  };
}
