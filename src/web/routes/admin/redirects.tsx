/**
 * /admin/redirects: the old shop's addresses kept (docs/architecture.md#redirects). A form adds
 * one (old address → path of this shop), a CSV upload adds many; the list is searched and paged
 * by the server, each row with Edit (inline) and Delete (confirmed). Shopify's collection and
 * product addresses need no row: they go to the category or product of the same handle.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { AdminRedirect } from '../../../core/schemas/redirects';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ListSearch } from '../../components/ui/list-search';
import { Pager } from '../../components/ui/pager';
import { PageLoader } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { adminRedirectsKey, deleteRedirect, useAdminRedirects } from '../../features/admin/redirects/api';
import { RedirectForm } from '../../features/admin/redirects/redirect-form';
import { RedirectsUpload } from '../../features/admin/redirects/redirects-upload';
import { useDebouncedValue } from '../../features/admin/use-debounced-value';
import { errorMessage } from '../../lib/api';

/** Page title. */
export const meta = () => adminMeta('Redirects');

/** The admin redirects screen. */
export default function AdminRedirects() {
  const qc = useQueryClient();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useAdminRedirects(search, page);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminRedirect | null>(null);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: adminRedirectsKey });
  const data = list.data;

  const confirmDelete = async () => {
    const redirect = pendingDelete;
    if (!redirect) return;
    setDeleting(true);
    try {
      await deleteRedirect(redirect._id);
      toast.success('Redirect deleted');
      refresh();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete the redirect'));
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/dashboard" className="text-sm font-medium text-stone-500 hover:text-brand">
          ← Back to Dashboard
        </Link>
        <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">Redirects{data && !search ? ` (${data.total})` : ''}</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          Old addresses people and search engines still visit, sent on to a page of this shop. Shopify’s collection and product addresses
          (/collections/sarees, /collections/sarees/products/…) need none: they go to the category or product with the same handle.
        </p>
      </div>

      <section aria-labelledby="add-redirect" className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="add-redirect" className="font-semibold text-stone-900">
          Add a redirect
        </h2>
        <RedirectForm redirect={null} onSaved={refresh} />
      </section>

      <section aria-labelledby="upload-redirects" className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="upload-redirects" className="font-semibold text-stone-900">
          Upload a CSV
        </h2>
        <RedirectsUpload onUploaded={refresh} />
      </section>

      <section aria-label="Redirects" className="space-y-3">
        <ListSearch
          value={query}
          onChange={(text) => {
            setQuery(text);
            setPage(1);
          }}
          label="Search redirects"
          placeholder="Search old or new addresses..."
        />
        {list.isPending ? (
          <PageLoader text="Loading redirects..." />
        ) : list.isError ? (
          <EmptyState
            icon="alert"
            title="Failed to load redirects"
            description={list.error.message}
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        ) : data && data.redirects.length === 0 ? (
          search ? (
            <EmptyState icon="search" title="No redirects found" description={`Nothing matches "${search}".`} />
          ) : (
            <EmptyState icon="search" title="No redirects yet" description="Add one above, or upload Shopify’s URL redirect export." />
          )
        ) : data ? (
          <>
            <ul aria-label="Redirect list" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {data.redirects.map((r) => (
                <li key={r._id} className="px-4 py-3">
                  {editingId === r._id ? (
                    <RedirectForm
                      redirect={r}
                      onSaved={() => {
                        setEditingId(null);
                        refresh();
                      }}
                      onCancel={() => setEditingId(null)}
                    />
                  ) : (
                    <div role="group" aria-label={r.fromPath} className="flex flex-col gap-2 md:flex-row md:items-center">
                      <p className="grid min-w-0 flex-1 gap-0.5 text-sm md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] md:items-center md:gap-3">
                        <span className="break-all font-mono text-stone-900">{r.fromPath}</span>
                        <span aria-hidden className="text-stone-400">
                          <span className="md:hidden">↓</span>
                          <span className="hidden md:inline">→</span>
                        </span>
                        <span className="sr-only">goes to</span>
                        <span className="break-all font-mono text-stone-700">{r.toPath}</span>
                      </p>
                      <div className="flex shrink-0 items-center gap-2">
                        {r.source === 'import' ? <Badge>Uploaded</Badge> : null}
                        <Button size="sm" variant="outline" onClick={() => setEditingId(r._id)}>
                          Edit
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => setPendingDelete(r)}>
                          Delete
                        </Button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <Pager page={data.currentPage} totalPages={data.totalPages} total={`${data.total} redirects`} onPage={setPage} />
          </>
        ) : null}
      </section>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete redirect?"
        message={pendingDelete ? `Visitors to ${pendingDelete.fromPath} will see “Page not found” again.` : null}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
