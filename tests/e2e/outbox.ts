/**
 * Reads the mail the server wrote to its outbox folder (DATA_DIR/outbox, one .eml file per mail;
 * file names sort in the order they were written), as a shopper reads their mail.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const OUTBOX = path.resolve('.e2e-data/outbox');

/** One mail: its decoded subject and the raw message with folded header lines unfolded. */
export interface OutboxMail {
  subject: string;
  raw: string;
}

/** A header with RFC 2047 encoded words (=?UTF-8?Q?…?=, as a subject with ₹ is sent) decoded. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
    Buffer.from(
      text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

/** Every mail addressed to `email`, oldest first; none while the outbox folder does not exist yet. */
export async function mailsTo(email: string): Promise<OutboxMail[]> {
  const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const out: OutboxMail[] = [];
  for (const file of files) {
    // Long header lines (a long address, an encoded subject) are folded onto the next line: unfold them first.
    const raw = (await readFile(path.join(OUTBOX, file), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    if (raw.includes(`To: ${email}`)) out.push({ subject: decodeHeader(raw.match(/^Subject: (.*)$/m)?.[1] ?? ''), raw });
  }
  return out;
}

/** Waits for the newest code mailed to `email` (subject "123456 is your ... code") and returns it. */
export async function readCodeFromOutbox(email: string, opts: { timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    for (const mail of (await mailsTo(email)).reverse()) {
      const code = mail.subject.match(/^(\d{6}) is your/)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No code mailed to ${email}`);
}
