/**
 * The "Products" section of /admin/import (docs/architecture.md#moving-in-from-shopify): pick
 * Shopify's product export, "Check file" runs the dry run (counts, every row problem with its
 * line and column, nothing written), the owner confirms the mapping (options, categories, HSN),
 * then "Import" runs in the background with a progress bar. The job's id is kept in the address
 * (?job=), so a reload finds the progress again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import type { CategoryChoice, ImportJob, ImportMapping, OptionTarget } from '../../../../core/schemas/import';
import { Button } from '../../../components/ui/button';
import { apiFetch, errorMessage } from '../../../lib/api';
import { useAdminCategories } from '../categories/api';
import { uploadCsv } from './export-download';

const SHOWN = 20;
const jobKey = (id: string) => ['admin', 'product-import', id];

const OPTION_LABELS: Record<OptionTarget, string> = { colour: 'Colour', size: 'Size', ignore: 'Leave out' };

/** Problems with their line and column; the first SHOWN, the rest behind "Show all". */
function Problems({ job }: { job: ImportJob }) {
  const [all, setAll] = useState(false);
  if (job.errors.length === 0) return null;
  return (
    <div>
      <h4 className="font-medium text-stone-900">Problems ({job.errorCount})</h4>
      <ul aria-label="Problems" className="mt-1 space-y-1">
        {(all ? job.errors : job.errors.slice(0, SHOWN)).map((p, i) => (
          <li key={`${p.line}-${i}`} className="break-words">
            {p.line > 0 ? <span className="font-medium">Line {p.line}</span> : null}
            {p.column ? <span className="text-stone-500"> · {p.column}</span> : null}
            {p.line > 0 || p.column ? ': ' : ''}
            {p.message}
          </li>
        ))}
      </ul>
      {!all && job.errors.length > SHOWN ? (
        <Button size="sm" variant="ghost" className="mt-1" onClick={() => setAll(true)}>
          Show all {job.errors.length}
        </Button>
      ) : null}
      {job.errorCount > job.errors.length ? <p className="mt-1 text-stone-500">Only the first {job.errors.length} are listed.</p> : null}
    </div>
  );
}

/** The dry run's counts in one line each. */
function DryRunCounts({ s }: { s: Record<string, number> }) {
  const items = [
    [`${s.products ?? 0} products`, `${s.productsNew ?? 0} new, ${s.productsUpdated ?? 0} to update`],
    [`${s.variants ?? 0} variants`, 'colour × size'],
    [`${s.pictures ?? 0} pictures`, `${s.picturesToDownload ?? 0} to download`],
    [`${s.categoriesToCreate ?? 0} categories`, 'to create'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([a, b]) => (
        <div key={a} className="rounded-lg bg-white p-2 ring-1 ring-stone-200">
          <dt className="font-semibold text-stone-900">{a}</dt>
          <dd className="text-xs text-stone-500">{b}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The mapping the owner confirms: each option name and each Type / Tag. */
function MappingForm({ job, mapping, onChange }: { job: ImportJob; mapping: ImportMapping; onChange: (m: ImportMapping) => void }) {
  const { data: categories = [] } = useAdminCategories();
  const dry = job.dryRun!;
  const choice = (key: string, suggested: CategoryChoice) => mapping.categories[key] ?? suggested;
  const setChoice = (key: string, next: CategoryChoice) => onChange({ ...mapping, categories: { ...mapping.categories, [key]: next } });
  return (
    <div className="space-y-4">
      {dry.options.length ? (
        <fieldset>
          <legend className="font-medium text-stone-900">Options</legend>
          <div className="mt-1 space-y-2">
            {dry.options.map((o) => (
              <label key={o.name} className="flex flex-wrap items-center gap-2">
                <span className="w-28 font-medium">{o.name}</span>
                <select
                  aria-label={`Option ${o.name}`}
                  className="rounded-md border border-stone-300 px-2 py-1"
                  value={mapping.options[o.name.toLowerCase()] ?? o.suggested}
                  onChange={(e) =>
                    onChange({ ...mapping, options: { ...mapping.options, [o.name.toLowerCase()]: e.target.value as OptionTarget } })
                  }
                >
                  {(['colour', 'size', 'ignore'] as const).map((t) => (
                    <option key={t} value={t}>
                      {OPTION_LABELS[t]}
                    </option>
                  ))}
                </select>
                <span className="min-w-0 truncate text-stone-500">{o.values.join(', ')}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {dry.categories.length ? (
        <fieldset>
          <legend className="font-medium text-stone-900">Categories</legend>
          <p className="text-xs text-stone-500">
            Each Type and Tag: a new category, one you have, or none. HSN is used when the file has no HSN column.
          </p>
          <div className="mt-2 space-y-2">
            {dry.categories.map((c) => {
              const current = choice(c.key, c.suggested);
              const label = c.kind === 'type' ? (c.value ? `Type: ${c.value}` : 'No Type') : `Tag: ${c.value}`;
              const value = current.action === 'existing' ? `existing:${current.categoryId ?? ''}` : current.action;
              return (
                <div key={c.key} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
                  <span className="min-w-0 font-medium sm:w-48 sm:truncate">
                    {label} <span className="font-normal text-stone-500">({c.products})</span>
                  </span>
                  <div className="flex min-w-0 gap-2">
                    <select
                      aria-label={`Category for ${label}`}
                      className="w-0 min-w-0 flex-1 rounded-md border border-stone-300 px-2 py-1 sm:w-56 sm:flex-none"
                      value={value}
                      onChange={(e) => {
                        const v = e.target.value;
                        setChoice(
                          c.key,
                          v.startsWith('existing:')
                            ? { ...current, action: 'existing', categoryId: v.slice(9) }
                            : { ...current, action: v as 'create' | 'skip', categoryId: null },
                        );
                      }}
                    >
                      <option value="create">Create “{c.value || 'Imported from Shopify'}”</option>
                      <option value="skip">None</option>
                      {categories.map((cat) => (
                        <option key={cat._id} value={`existing:${cat._id}`}>
                          {cat.parentId ? '— ' : ''}
                          {cat.name}
                        </option>
                      ))}
                    </select>
                    {c.kind === 'type' ? (
                      <input
                        aria-label={`HSN for ${label}`}
                        inputMode="numeric"
                        className="w-24 rounded-md border border-stone-300 px-2 py-1"
                        value={current.hsn ?? ''}
                        onChange={(e) => setChoice(c.key, { ...current, hsn: e.target.value.trim() })}
                      />
                    ) : null}
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      {dry.unknownColumns.length ? (
        <p className="text-xs text-stone-500">
          <span className="font-medium text-stone-700">Columns not imported:</span> {dry.unknownColumns.join(', ')}
        </p>
      ) : null}
    </div>
  );
}

/** Progress while the import runs (rows done, problems so far). */
function Progress({ job }: { job: ImportJob }) {
  const percent = job.rowsTotal ? Math.min(100, Math.round((job.rowsDone / job.rowsTotal) * 100)) : 0;
  return (
    <div>
      <p className="font-medium text-stone-900">
        Importing {job.fileName}: {job.rowsDone.toLocaleString('en-IN')} of {job.rowsTotal.toLocaleString('en-IN')} rows, {job.errorCount}{' '}
        {job.errorCount === 1 ? 'problem' : 'problems'} so far
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-emerald-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-500">You may leave this page: the import goes on, and this page finds it again.</p>
    </div>
  );
}

/** The finished import's counts. */
function Finished({ job }: { job: ImportJob }) {
  const s = job.summary;
  return job.status === 'done' ? (
    <p className="font-medium text-stone-900">
      Imported {job.fileName}: {s.productsCreated ?? 0} created, {s.productsUpdated ?? 0} updated, {s.productsUnchanged ?? 0} unchanged,{' '}
      {s.problemProducts ?? 0} left out; {s.picturesDownloaded ?? 0} pictures downloaded, {s.picturesReused ?? 0} already here,{' '}
      {s.picturesFailed ?? 0} failed.
    </p>
  ) : (
    <p className="font-medium text-red-700">
      The import of {job.fileName} stopped. What was imported stays; import the file again to finish.
    </p>
  );
}

/** The product import: file, dry run and mapping, then progress and the outcome. */
export function ProductsImport() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({ options: {}, categories: {} });

  const { data: job } = useQuery({
    queryKey: jobKey(jobId ?? ''),
    enabled: Boolean(jobId),
    queryFn: () =>
      apiFetch<ImportJob>(`/api/admin/import/products/${encodeURIComponent(jobId!)}`, {
        auth: true,
        fallbackMessage: 'Failed to load the import',
      }),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
  // Without ?job=, a running import (started from another tab or before a reload) is shown.
  const { data: latest } = useQuery({
    queryKey: ['admin', 'product-import', 'latest'],
    enabled: !jobId,
    queryFn: () => apiFetch<ImportJob[]>('/api/admin/import/products', { auth: true, fallbackMessage: 'Failed to load imports' }),
  });
  useEffect(() => {
    const running = latest?.find((j) => j.status === 'running');
    if (!jobId && running) setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), job: running._id }), { replace: true });
  }, [latest, jobId, setParams]);

  const showJob = (next: ImportJob) => {
    queryClient.setQueryData(jobKey(next._id), next);
    setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), job: next._id }));
  };

  const check = async () => {
    if (!file) return;
    setBusy('check');
    try {
      const dry = await uploadCsv<ImportJob>('/api/admin/import/products', file, 'Failed to read the products file');
      setMapping({ options: {}, categories: {} });
      showJob(dry);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to read the products file'));
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    if (!job) return;
    setBusy('import');
    try {
      const body: ImportMapping = {
        options: mapping.options,
        categories: Object.fromEntries(job.dryRun!.categories.map((c) => [c.key, mapping.categories[c.key] ?? c.suggested])),
      };
      showJob(
        await apiFetch<ImportJob>(`/api/admin/import/products/${job._id}/start`, {
          method: 'POST',
          auth: true,
          body,
          fallbackMessage: 'Failed to start the import',
        }),
      );
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to start the import'));
    } finally {
      setBusy(null);
    }
  };

  const reset = () => {
    setFile(null);
    if (input.current) input.current.value = '';
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('job');
      return next;
    });
  };

  return (
    <section aria-labelledby="import-products" className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
      <div>
        <h2 id="import-products" className="text-lg font-semibold text-stone-900">
          Products
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          In Shopify, open Products, choose Export, “All products” as “CSV for Excel, Numbers, or other spreadsheet programs”, and pick the
          file here (up to 50 MB). “Check file” shows what would be imported and every problem with its line; nothing is saved until you
          press Import. Importing the same file again changes nothing.
        </p>
      </div>
      {!job || job.status === 'done' || job.status === 'failed' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="block min-w-0 flex-1 text-sm font-medium text-stone-800">
            Products CSV
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="mt-1.5 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-200"
            />
          </label>
          <Button variant="outline" onClick={() => void check()} disabled={!file || busy !== null} loading={busy === 'check'}>
            Check file
          </Button>
        </div>
      ) : null}
      {job ? (
        <div role="status" className="space-y-4 rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
          {job.status === 'queued' ? (
            <>
              <p className="font-medium text-stone-900">
                {job.fileName}: {job.rowsTotal.toLocaleString('en-IN')} rows read (
                {job.dryRun?.generation === 'older' ? 'older' : 'current'} Shopify columns). Nothing is saved yet.
              </p>
              <DryRunCounts s={job.summary} />
              <MappingForm job={job} mapping={mapping} onChange={setMapping} />
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void start()} disabled={busy !== null || !job.summary.products} loading={busy === 'import'}>
                  Import {job.summary.products ?? 0} products
                </Button>
                <Button variant="ghost" onClick={reset}>
                  Choose another file
                </Button>
              </div>
            </>
          ) : job.status === 'running' ? (
            <Progress job={job} />
          ) : (
            <>
              <Finished job={job} />
              <Button size="sm" variant="ghost" onClick={reset}>
                Import another file
              </Button>
            </>
          )}
          <Problems job={job} />
        </div>
      ) : null}
    </section>
  );
}
