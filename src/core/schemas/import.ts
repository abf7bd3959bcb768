/**
 * Moving in from Shopify (docs/architecture.md#moving-in-from-shopify): the product import's
 * limits, the mapping the owner confirms after the dry run, and the answers of
 * /api/admin/import/products. Shared by the /admin/import screen and the server.
 */
import { z } from 'zod';

/** The largest CSV accepted, bytes (50 MB: a 10,000-product export with 6 sizes each is about 25 MB). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'This file is larger than 50 MB. Split it into smaller files and import them one by one.';
/** Row problems kept on a job (the count goes on beyond it). */
export const MAX_KEPT_PROBLEMS = 500;

/** What one of the file's option names becomes here. */
export const OPTION_TARGETS = ['colour', 'size', 'ignore'] as const;
export type OptionTarget = (typeof OPTION_TARGETS)[number];

const hsnField = z
  .string({ error: 'HSN code must be text' })
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})$/, 'HSN code must be 4, 6 or 8 digits');

/** Where the products of one Type or Tag go: a new category of that name, an existing one, or none. */
export const categoryChoiceSchema = z.object({
  action: z.enum(['create', 'existing', 'skip'], { error: 'Choose create, existing or skip' }),
  categoryId: z.string().trim().max(64).nullable().optional(),
  /** The HSN code its products get when the file has no HSN column (docs/architecture.md#gst). */
  hsn: hsnField.optional(),
});
export type CategoryChoice = z.infer<typeof categoryChoiceSchema>;

/**
 * The mapping the owner confirms (POST /api/admin/import/products/{id}/start): per option name
 * (lower case) its target, per category source key ('type:Kurtas', 'tag:summer', 'type:' for
 * products without a Type) its choice.
 */
export const importMappingSchema = z.object({
  options: z.record(z.string().max(100), z.enum(OPTION_TARGETS, { error: 'Choose colour, size or ignore' })).default({}),
  categories: z.record(z.string().max(300), categoryChoiceSchema).default({}),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importProblemSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** One option name the file uses, with a few of its values and what it is mapped to by default. */
export const dryRunOptionSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
  suggested: z.enum(OPTION_TARGETS),
});

/** One Type or Tag the file uses, how many products carry it, and the default choice. */
export const dryRunCategorySchema = z.object({
  key: z.string(),
  kind: z.enum(['type', 'tag']),
  value: z.string(),
  products: z.number().int(),
  suggested: categoryChoiceSchema,
  /** The existing category of the same name, when there is one. */
  existingName: z.string().nullable(),
});

/** What a dry run found (kept on the job, shown until the import starts). */
export const dryRunSchema = z.object({
  generation: z.enum(['current', 'older']),
  unknownColumns: z.array(z.string()),
  options: z.array(dryRunOptionSchema),
  categories: z.array(dryRunCategorySchema),
});
export type DryRun = z.infer<typeof dryRunSchema>;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** An import job as the screen reads it; `summary` holds counts (see docs/architecture.md#moving-in-from-shopify). */
export const importJobSchema = z.object({
  _id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(importProblemSchema),
  summary: z.record(z.string(), z.number()),
  dryRun: dryRunSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobListSchema = z.array(importJobSchema);
export const importJobParamsSchema = z.object({ id: z.string().trim().max(64) });
