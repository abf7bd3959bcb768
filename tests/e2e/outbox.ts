/**
 * Reads one-time codes from the server's outbox folder (DATA_DIR/outbox), as a shopper reads their mail.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const OUTBOX = path.resolve('.e2e-data/outbox');

/** Waits for the newest code mailed to `email` (subject "123456 is your ... code") and returns it. */
export async function readCodeFromOutbox(email: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const files = (await readdir(OUTBOX).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      // Long header lines (a long address) are folded onto the next line: unfold them first.
      const raw = (await readFile(path.join(OUTBOX, file), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
      if (!raw.includes(`To: ${email}`)) continue;
      const code = raw.match(/^Subject: (\d{6}) is your/m)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No code mailed to ${email}`);
}
