/**
 * The CSV upload of /admin/redirects: Shopify's URL redirect export ("Redirect from","Redirect
 * to") or a file with "from","to"; answers how many were added and changed, and each line left out.
 */
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { RedirectImportResult } from '../../../../core/schemas/redirects';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { uploadRedirects } from './api';

/** Lines left out shown at first; the rest behind "Show all". */
const SHOWN_PROBLEMS = 20;

/** The upload form and its last result; `onUploaded` runs after a successful upload. */
export function RedirectsUpload({ onUploaded }: { onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RedirectImportResult | null>(null);
  const [showAll, setShowAll] = useState(false);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await uploadRedirects(file);
      setResult(answer);
      setShowAll(false);
      setFile(null);
      if (input.current) input.current.value = '';
      toast.success(`${answer.created + answer.updated} redirects saved`);
      onUploaded();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to upload the redirects'));
    } finally {
      setBusy(false);
    }
  };

  const problems = result ? (showAll ? result.problems : result.problems.slice(0, SHOWN_PROBLEMS)) : [];
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="block min-w-0 flex-1 text-sm font-medium text-stone-800">
          CSV file
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="mt-1.5 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-200"
          />
        </label>
        <Button variant="outline" onClick={() => void upload()} disabled={!file} loading={busy}>
          Upload redirects
        </Button>
      </div>
      <p className="text-xs text-stone-500">
        Columns “Redirect from” and “Redirect to” (Shopify’s URL redirect export) or “from” and “to”. An old address already here gets the
        new target.
      </p>
      {result ? (
        <div role="status" className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
          <p className="font-medium text-stone-900">
            {result.created} added, {result.updated} changed
            {result.problems.length ? `, ${result.problems.length} ${result.problems.length === 1 ? 'line' : 'lines'} left out` : ''}
          </p>
          {problems.length ? (
            <ul aria-label="Lines left out" className="mt-2 space-y-1">
              {problems.map((p) => (
                <li key={`${p.line}-${p.message}`}>
                  <span className="font-medium">Line {p.line}:</span> {p.message}
                </li>
              ))}
            </ul>
          ) : null}
          {!showAll && result.problems.length > SHOWN_PROBLEMS ? (
            <Button size="sm" variant="ghost" className="mt-2" onClick={() => setShowAll(true)}>
              Show all {result.problems.length}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
