/**
 * /admin/search-synonyms: the words shoppers type for the same thing. Each group is a
 * row of words with Edit (inline) and Delete (confirmed); one field above adds a group. Words are
 * checked with the API's own schema (core/schemas/search.ts) before sending; the server's refusal
 * (a word already in another group) shows under the field.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { synonymInputSchema, type AdminSynonym } from '../../../core/schemas/search';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/field';
import { PageLoader } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { adminSynonymsKey, deleteSynonym, saveSynonym, termsOf, useAdminSynonyms } from '../../features/admin/search-synonyms/api';
import { errorMessage } from '../../lib/api';

/** Page title. */
export const meta = () => adminMeta('Search Synonyms');

/** One field of words and a save button: adds a group, or edits `group`. */
function SynonymForm({
  group,
  onSaved,
  onCancel,
}: {
  group: AdminSynonym | null;
  onSaved: (saved: AdminSynonym) => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(group ? group.terms.join(', ') : '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = synonymInputSchema.safeParse({ terms: termsOf(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the words');
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSynonym(parsed.data, group?._id);
      setError(undefined);
      if (!group) setText('');
      onSaved(saved);
      toast.success(group ? 'Synonyms updated' : 'Synonyms added');
    } catch (err) {
      setError(errorMessage(err, 'Failed to save synonyms'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Input
        label={group ? `Words of the group ${group.terms[0]}` : 'New group of words'}
        className="min-w-0 flex-1"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="e.g. dupatta, chunni, odhni"
        hint="Separate the words with commas. Each is one word, like sari or saree."
        error={error}
        autoFocus={group !== null}
        autoComplete="off"
        autoCapitalize="none"
      />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" loading={saving}>
          {group ? 'Save' : 'Add group'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The admin search synonyms screen. */
export default function AdminSearchSynonyms() {
  const qc = useQueryClient();
  const groups = useAdminSynonyms();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminSynonym | null>(null);
  const [deleting, setDeleting] = useState(false);
  const list = groups.data ?? [];

  const applySaved = (saved: AdminSynonym) =>
    qc.setQueryData<AdminSynonym[]>(adminSynonymsKey, (old) =>
      old?.some((g) => g._id === saved._id) ? old.map((g) => (g._id === saved._id ? saved : g)) : [saved, ...(old ?? [])],
    );

  const confirmDelete = async () => {
    const group = pendingDelete;
    if (!group) return;
    setDeleting(true);
    try {
      await deleteSynonym(group._id);
      qc.setQueryData<AdminSynonym[]>(adminSynonymsKey, (old) => old?.filter((g) => g._id !== group._id));
      toast.success('Synonyms deleted');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete synonyms'));
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
        <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">Search Synonyms{groups.data ? ` (${list.length})` : ''}</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          Words shoppers type for the same thing. A search for any word of a group finds products named with the others: “sari” finds
          sarees. Small typing slips are forgiven without a group; add regional names and spellings that look different.
        </p>
      </div>

      <section aria-label="Add a group" className="rounded-xl border border-stone-200 bg-white p-4">
        <SynonymForm group={null} onSaved={applySaved} />
      </section>

      {groups.isPending ? (
        <PageLoader text="Loading synonyms..." />
      ) : groups.isError ? (
        <EmptyState
          icon="alert"
          title="Failed to load synonyms"
          description={groups.error.message}
          action={<Button onClick={() => void groups.refetch()}>Try again</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon="search"
          title="No synonyms yet"
          description="Add a group such as sari, saree so both spellings find the same products."
        />
      ) : (
        <ul aria-label="Synonym groups" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {list.map((group) => (
            <li key={group._id} className="px-4 py-3">
              {editingId === group._id ? (
                <SynonymForm
                  group={group}
                  onSaved={(saved) => {
                    applySaved(saved);
                    setEditingId(null);
                  }}
                  onCancel={() => setEditingId(null)}
                />
              ) : (
                <div role="group" aria-label={group.terms.join(', ')} className="flex flex-col gap-3 sm:flex-row sm:items-center">
                  <p className="flex min-w-0 flex-1 flex-wrap gap-1.5">
                    {group.terms.map((term) => (
                      <span key={term} className="rounded-full bg-stone-100 px-2.5 py-1 text-sm text-stone-800">
                        {term}
                      </span>
                    ))}
                  </p>
                  <div className="flex shrink-0 gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditingId(group._id)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setPendingDelete(group)}>
                      Delete
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete synonyms?"
        message={pendingDelete ? `Searches for ${pendingDelete.terms.join(', ')} will no longer find each other's products.` : null}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
