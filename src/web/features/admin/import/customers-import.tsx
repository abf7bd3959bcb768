/**
 * The "Customers" section of /admin/import (docs/architecture.md#customers-from-shopify): pick
 * Shopify's customers export, "Check file" answers what an import would do (a dry run, nothing
 * written), then "Import" makes the accounts. Skipped rows and rows kept in part are listed with
 * their line.
 */
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { CustomerImportNote, CustomerImportResult } from '../../../../core/schemas/customer-import';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { uploadCsv } from './export-download';

/** Rows listed at first under each heading; the rest behind "Show all". */
const SHOWN = 20;

const importCustomers = (file: File, dryRun: boolean) =>
  uploadCsv<CustomerImportResult>(`/api/admin/import/customers${dryRun ? '?dryRun=1' : ''}`, file, 'Failed to read the customers file');

/** One list of rows with their line, e-mail and message. */
function Notes({ title, notes }: { title: string; notes: CustomerImportNote[] }) {
  const [all, setAll] = useState(false);
  if (notes.length === 0) return null;
  return (
    <div>
      <h4 className="font-medium text-stone-900">
        {title} ({notes.length})
      </h4>
      <ul aria-label={title} className="mt-1 space-y-1">
        {(all ? notes : notes.slice(0, SHOWN)).map((n, i) => (
          <li key={`${n.line}-${i}`} className="break-words">
            <span className="font-medium">Line {n.line}</span>
            {n.email ? ` (${n.email})` : ''}: {n.message}
          </li>
        ))}
      </ul>
      {!all && notes.length > SHOWN ? (
        <Button size="sm" variant="ghost" className="mt-1" onClick={() => setAll(true)}>
          Show all {notes.length}
        </Button>
      ) : null}
    </div>
  );
}

/** The customer import: file, check, import, and what happened. */
export function CustomersImport() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [result, setResult] = useState<CustomerImportResult | null>(null);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    try {
      const answer = await importCustomers(file, dryRun);
      setResult(answer);
      if (!dryRun) {
        toast.success(`${answer.created} customers imported`);
        setFile(null);
        if (input.current) input.current.value = '';
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to read the customers file'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="import-customers" className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
      <div>
        <h2 id="import-customers" className="text-lg font-semibold text-stone-900">
          Customers
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          In Shopify, open Customers, choose Export, “All customers” as “CSV for Excel, Numbers, or other spreadsheet programs”, and pick
          the file here. Each customer gets an account without a password: when they sign in, we e-mail them a code to set one. Their
          default address is kept for checkout.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="block min-w-0 flex-1 text-sm font-medium text-stone-800">
          Customers CSV
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
            }}
            className="mt-1.5 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-200"
          />
        </label>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void run(true)} disabled={!file || busy !== null} loading={busy === 'check'}>
            Check file
          </Button>
          <Button
            onClick={() => void run(false)}
            disabled={!file || busy !== null || !result?.dryRun || result.created === 0}
            loading={busy === 'import'}
          >
            {result?.dryRun ? `Import ${result.created} customers` : 'Import'}
          </Button>
        </div>
      </div>
      {result ? (
        <div role="status" className="space-y-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
          <p className="font-medium text-stone-900">
            {result.dryRun
              ? `${result.rows} rows read: ${result.created} customers can be imported, ${result.skipped.length} will be skipped. Nothing is saved yet.`
              : `${result.created} customers imported, ${result.skipped.length} rows skipped.`}
          </p>
          <Notes title="Skipped" notes={result.skipped} />
          <Notes title="Imported without part of their details" notes={result.warnings} />
        </div>
      ) : null}
    </section>
  );
}
