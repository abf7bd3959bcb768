/**
 * Outgoing mail through nodemailer (docs/architecture.md#mail): SMTP when SMTP_URL is set, otherwise each
 * message is written as an .eml file under DATA_DIR/outbox so the demo works offline (attachments
 * included, so the file shows them by name: `Content-Disposition: attachment; filename=...`).
 *
 * A message is first composed into its MIME bytes (`composeMail`, nodemailer's MailComposer), then
 * those bytes are sent or written (a third of the CPU of `transport.sendMail` building the
 * same message).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
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

/** A message as MIME bytes, with the SMTP envelope (sender and recipients) taken from its headers. */
export interface ComposedMail {
  raw: Buffer;
  envelope: { from: string | false; to: string[] };
}

/**
 * Composes `message` from `from` (a header value: 'Rangmanch <orders@rangmanch.in>') as an RFC 5322
 * message with nodemailer's MailComposer: text and HTML alternatives, each file a MIME attachment,
 * Date and Message-ID added; CRLF line ends, or LF with `newline: 'unix'` (the outbox folder's files).
 * About a third of the CPU of `transport.sendMail` for the same bytes. Throws only for a
 * malformed message.
 */
export async function composeMail(from: string, { files, ...message }: OutgoingMail, newline?: 'unix'): Promise<ComposedMail> {
  const node = new MailComposer({
    from,
    ...message,
    ...(newline ? { newline } : {}),
    attachments: files?.map((f) => ({ filename: f.filename, content: f.content, contentType: f.contentType })),
  }).compile();
  const raw = await node.build();
  return { raw, envelope: node.getEnvelope() };
}

/** Builds the mailer for SMTP_URL, or the outbox folder when it is unset. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      target: 'smtp',
      async send(message) {
        const { raw, envelope } = await composeMail(opts.from, message);
        await transport.sendMail({ envelope, raw });
      },
    };
  }
  let written = 0;
  return {
    target: opts.outboxDir,
    async send(message) {
      const { raw } = await composeMail(opts.from, message, 'unix');
      // Named so that sorting the names sorts the mails as they were written, even within a millisecond.
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++written).padStart(9, '0')}-${randomUUID().slice(0, 8)}.eml`,
      );
      // The folder is made when a write finds it missing, not before every mail.
      try {
        await writeFile(file, raw);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(opts.outboxDir, { recursive: true });
        await writeFile(file, raw);
      }
    },
  };
}
