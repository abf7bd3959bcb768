/**
 * Logs for people outside production: one readable, coloured line per event through
 * pino-pretty, instead of pino's JSON, which production keeps for its log shipper. Loaded only
 * outside production: index.ts imports this module dynamically, and pino-pretty is imported
 * dynamically here too, since the server bundle inlines this module and would otherwise load
 * pino-pretty (about 10 MB of memory) in production as well.
 */

/** A pino destination that writes `13:02:11 INFO GET /cart 200 12 ms` lines to stdout. */
export async function devLogStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    sync: true,
  });
}

/**
 * Prints a one-time code where a newcomer sees it at once: a line of its own, set apart and in bold
 * yellow on a terminal (docs/architecture.md#mail: outside production the code is logged, since the demo's
 * mail goes to the outbox folder). Never called in production (app.ts).
 */
export function announceCode(email: string, code: string, purpose: string): void {
  const line = `>>> One-time code for ${email} (${purpose}): ${code} <<<`;
  process.stdout.write(process.stdout.isTTY ? `\n  \x1b[1;33m${line}\x1b[0m\n\n` : `\n  ${line}\n\n`);
}
