/**
 * Outgoing mail through nodemailer (DESIGN.md "mail"): SMTP when SMTP_URL is set, otherwise each
 * message is written as an .eml file under DATA_DIR/outbox so the demo works offline (attachments
 * included, so the file shows them by name: `Content-Disposition: attachment; filename=...`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailAttachmentRef } from '../../db/schema';

export type { MailAttachmentRef };

/** A mail as modules write it; files it carries are references, made when it is delivered (outbox.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files to attach, by reference (e.g. `{ kind: 'invoice', orderId }`); none when absent. */
  attachments?: MailAttachmentRef[];
}

/** An attached file as the mailer sends it. */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A mail ready to send: its attachment references rendered into files. */
export type OutgoingMail = Omit<MailMessage, 'attachments'> & { files?: MailFile[] };

export interface Mailer {
  /** Sends one message with its files (as MIME attachments); throws when the transport fails. */
  send(message: OutgoingMail): Promise<void>;
  /** Where messages go: 'smtp' or the outbox folder's path. */
  readonly target: string;
}

/** The nodemailer message for `message`: its files become MIME attachments. */
function toNodemailer(from: string, { files, ...message }: OutgoingMail): SendMailOptions {
  return {
    from,
    ...message,
    attachments: files?.map((f) => ({ filename: f.filename, content: f.content, contentType: f.contentType })),
  };
}

/** Builds the mailer for SMTP_URL, or the outbox folder when it is unset. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      target: 'smtp',
      async send(message) {
        await transport.sendMail(toNodemailer(opts.from, message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let written = 0;
  return {
    target: opts.outboxDir,
    async send(message) {
      const info = await transport.sendMail(toNodemailer(opts.from, message));
      // Named so that sorting the names sorts the mails as they were written, even within a millisecond.
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++written).padStart(9, '0')}-${randomUUID().slice(0, 8)}.eml`,
      );
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
