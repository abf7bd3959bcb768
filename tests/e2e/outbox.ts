/**
 * Reads one-time codes from the test shops' outbox folders (DATA_DIR/outbox of each shop that
 * playwright.config.ts starts), as a shopper reads their mail. Addresses are unique per test.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every mail file of every test shop, newest first by name (names start with the time). */
async function mailFiles(): Promise<string[]> {
  const shops = (await readdir('.')).filter((name) => name.startsWith('.e2e-data'));
  const lists = await Promise.all(
    shops.map(async (shop) => {
      const outbox = path.resolve(shop, 'outbox');
      const names = await readdir(outbox).catch(() => [] as string[]);
      return names.filter((f) => f.endsWith('.eml')).map((f) => [f, path.join(outbox, f)] as const);
    }),
  );
  return lists
    .flat()
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([, full]) => full);
}

/** Waits for the newest code mailed to `email` (subject "123456 is your ... code") and returns it. */
export async function readCodeFromOutbox(email: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    for (const file of await mailFiles()) {
      const raw = await readFile(file, 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const code = raw.match(/^Subject: (\d{6}) is your/m)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No code mailed to ${email}`);
}
