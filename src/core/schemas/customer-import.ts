/**
 * POST /api/admin/import/customers (docs/architecture.md#customers-from-shopify): its query and
 * its answer, shared by the server and the import screen.
 */
import { z } from 'zod';

/** `?dryRun=1` (or true): check the file and answer what would happen, writing nothing. */
export const customerImportQuerySchema = z.object({
  dryRun: z
    .enum(['1', '0', 'true', 'false'], { error: 'dryRun is 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

const lineNote = z.object({ line: z.number(), email: z.string(), message: z.string() });
export type CustomerImportNote = z.infer<typeof lineNote>;

export const customerImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Rows read (the header aside). */
  rows: z.number(),
  /** Accounts made (or, in a dry run, that would be). */
  created: z.number(),
  /** Rows left out: no or bad e-mail, a duplicate in the file, an account already here, an unreadable row. */
  skipped: z.array(lineNote),
  /** Rows imported without part of them: a phone that is not an Indian mobile, an address that cannot be kept. */
  warnings: z.array(lineNote),
});
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;
