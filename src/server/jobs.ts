/**
 * Background work each instance runs: WhatsApp messages due every 5 s (integrations/whatsapp/outbox.ts);
 * mail retries every 30 s (after numbering the
 * invoices of orders a stopped shop left without one) and reconciliation of paid
 * checkout attempts every minute (and once at start, for what a crash left behind), with the refunds
 * owed that are still pending a few minutes on (modules/refunds/owed.ts). Both are safe
 * to run on several instances at once. The daily low-stock mail is checked every 15
 * minutes; `job_runs` lets one instance a day send it (modules/inventory/low-stock-mail.ts). Review
 * and return photos nothing references are swept every hour (modules/reviews/photo-sweep.ts, docs/decisions/0019-review-photo-sweep.md;
 * safe on several instances, not run at start so restarts do not spend Cloudinary's Admin API
 * calls), and upload grants older than a week are deleted with them (modules/media/grants.ts).
 * Abandoned-cart reminders due are sent every minute (modules/cart-reminders; each claimed once).
 */
import type { FastifyInstance } from 'fastify';
import { sendCartReminders } from './modules/cart-reminders/service';
import { expireCodConfirmations } from './modules/cod-confirmation/service';
import { sendDailyLowStockMail } from './modules/inventory/low-stock-mail';
import { reconcileOpenAttempts } from './modules/payments/service';
import { settleOwedRefunds } from './modules/refunds/owed';
import { refundDeps } from './modules/refunds/routes';
import { pruneGrants } from './modules/media/grants';
import { claimStaleImports, expireDryRuns, runProductImport } from './modules/import/product-import';
import { importDeps } from './modules/import/product-routes';
import { SWEPT_FOLDERS, sweepUnusedPhotos, type SweptFolder } from './modules/reviews/photo-sweep';

/** Starts the timers; the returned function stops them and resolves once the jobs running then finish (graceful shutdown). */
export function startBackgroundJobs(
  app: FastifyInstance,
  opts: {
    mailEveryMs?: number;
    whatsappEveryMs?: number;
    reconcileEveryMs?: number;
    lowStockEveryMs?: number;
    photoSweepEveryMs?: number;
  } = {},
): () => Promise<void> {
  let running = true;
  const inFlight = new Set<Promise<void>>();
  const guard = (name: string, job: () => Promise<unknown>) => async () => {
    if (!running) return;
    const run = job().then(
      () => undefined,
      (err: unknown) => void app.log.warn({ err }, `${name} failed`),
    );
    inFlight.add(run);
    try {
      await run;
    } finally {
      inFlight.delete(run);
    }
  };
  // Orders a stopped shop left without their invoice number are numbered before their mails go out
  // (modules/invoices/numbering.ts), so the confirmation carries its invoice.
  const deliverMail = guard('mail delivery', async () => {
    await app.invoiceNumbering.numberDue();
    await app.mailQueue.deliverDue();
  });
  // Staged WhatsApp messages (integrations/whatsapp/outbox.ts): due ones every 5 s, retries with backoff.
  const deliverWhatsApp = guard('WhatsApp delivery', () => app.whatsapp.deliverDue());
  const reconcile = guard('payment reconciliation', async () => {
    const result = await reconcileOpenAttempts(app.paymentDeps);
    if (result.completed > 0) app.log.info(result, 'reconciled paid checkout attempts');
    // Refunds owed and still pending a few minutes on: asked again or looked up (modules/refunds/owed.ts).
    const owed = await settleOwedRefunds(refundDeps(app));
    if (owed.checked > 0) app.log.info(owed, 'looked at pending refunds');
  });
  // COD orders left unconfirmed past their deadline: cancelled or held (modules/cod-confirmation).
  const codDeadlines = guard('COD confirmation deadlines', async () => {
    const run = await expireCodConfirmations(refundDeps(app));
    if (run.cancelled + run.held > 0) app.log.info(run, 'applied COD confirmation deadlines');
  });
  // Abandoned-cart reminders due now, each claimed once across instances (modules/cart-reminders).
  const cartReminders = guard('cart reminders', async () => {
    const sent = await sendCartReminders({
      db: app.db,
      settings: () => app.settings.get(),
      secret: app.config.jwtSecret,
      shopAddress: () => app.config.publicUrl ?? `http://localhost:${app.config.port}`,
      lookAheadMs: app.config.cartReminderLookAheadMinutes * 60_000,
    });
    if (sent.first + sent.second + sent.recovered > 0) app.log.info(sent, 'sent cart reminders, marked recovered orders');
  });
  const lowStockMail = guard('low-stock mail', async () => {
    const result = await sendDailyLowStockMail({
      db: app.db,
      mailQueue: app.mailQueue,
      lowStockThreshold: async () => (await app.settings.get()).inventory.lowStockThreshold,
    });
    if (result.status === 'sent') app.log.info(result, 'sent the daily low-stock mail');
  });
  const photoSweepCursors: Record<SweptFolder, string | null> = { review_photos: null, return_photos: null };
  const sweepFolder = (folder: SweptFolder) =>
    guard(`${folder} sweep`, async () => {
      const cursor = photoSweepCursors[folder];
      photoSweepCursors[folder] = null; // a failed run starts over from the top
      const { resumeCursor, ...counts } = await sweepUnusedPhotos({ db: app.db, store: app.mediaStore, cursor, folder });
      photoSweepCursors[folder] = resumeCursor;
      if (counts.deleted + counts.alreadyGone + counts.deferred > 0 || resumeCursor) {
        app.log.info({ ...counts, folder, resumesNextRun: resumeCursor !== null }, 'swept unused photos');
      }
    });
  const folderSweeps = SWEPT_FOLDERS.map(sweepFolder);
  const pruneUploadGrants = guard('upload grant pruning', () => pruneGrants(app.db, app.authDeps.now()));
  // One folder's failure (guarded) does not stop the other's run.
  const photoSweep = async () => {
    for (const sweep of folderSweeps) await sweep();
    await pruneUploadGrants();
  };
  // A product import whose process ended (heartbeat stopped) goes on here, and dry runs never
  // started within a day are ended with their files deleted (modules/import/product-import.ts).
  const resumeImports = guard('product import resume', async () => {
    for (const id of await claimStaleImports(app.db)) void runProductImport(importDeps(app), id);
    const expired = await expireDryRuns(app.db);
    if (expired > 0) app.log.info({ expired }, 'ended dry runs not started within a day');
  });
  const timers = [
    setInterval(() => void resumeImports(), opts.reconcileEveryMs ?? 60_000),
    setInterval(() => void deliverMail(), opts.mailEveryMs ?? 30_000),
    setInterval(() => void deliverWhatsApp(), opts.whatsappEveryMs ?? 5_000),
    setInterval(() => void reconcile(), opts.reconcileEveryMs ?? 60_000),
    setInterval(() => void codDeadlines(), opts.reconcileEveryMs ?? 60_000),
    // Every 5 s only in browser tests that look ahead (config.ts; never in production).
    setInterval(() => void cartReminders(), app.config.cartReminderLookAheadMinutes > 0 ? 5_000 : (opts.reconcileEveryMs ?? 60_000)),
    setInterval(() => void lowStockMail(), opts.lowStockEveryMs ?? 15 * 60_000),
    setInterval(() => void photoSweep(), opts.photoSweepEveryMs ?? 60 * 60_000),
  ];
  for (const timer of timers) timer.unref();
  void reconcile();
  void resumeImports();
  void lowStockMail();
  void deliverMail();
  return async () => {
    running = false;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(inFlight);
  };
}
