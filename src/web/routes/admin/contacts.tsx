/**
 * /admin/contacts: the contact form's messages, newest first, searched
 * on the server (debounced), with counts of all, registered and guest senders.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { useContactMessages } from '../../features/admin/contacts/api';
import { ContactMessageCard } from '../../features/admin/contacts/contact-message-card';
import { useDebouncedValue } from '../../features/admin/use-debounced-value';

/** Page title. */
export const meta = () => adminMeta('Contact Messages');

function Count({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-2xl font-semibold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The contact messages screen. */
export default function AdminContacts() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const query = useContactMessages(term);
  const messages = query.data ?? [];
  const registered = messages.filter((m) => m.registeredUser).length;
  const known = query.data !== undefined;

  return (
    <div className="max-w-4xl space-y-6">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">Contact Messages</h1>
        <p className="mt-1 text-stone-600">Messages sent through the contact form, newest first.</p>
      </div>

      <dl className="grid grid-cols-3 gap-3 sm:max-w-xl" aria-label="Message counts">
        <Count label="Total" value={known ? messages.length : '…'} />
        <Count label="Registered" value={known ? registered : '…'} />
        <Count label="Guest" value={known ? messages.length - registered : '…'} />
      </dl>

      <div role="search" className="max-w-xl">
        <Input
          label="Search messages"
          type="search"
          placeholder="Name, e-mail, phone or text"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          trailing={query.isFetching && known ? <Spinner size="sm" label="Searching" /> : undefined}
        />
      </div>

      {query.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-sm text-stone-500" role="status">
          <Spinner /> Loading messages…
        </div>
      ) : query.isError && !known ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          Failed to load contact messages
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : messages.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white">
          <EmptyState
            icon="search"
            title={term.trim() ? 'No messages found' : 'No messages yet'}
            description={term.trim() ? 'No message matches this search.' : 'Messages from the contact form appear here.'}
          />
        </div>
      ) : (
        <ul className={`space-y-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Contact messages">
          {messages.map((m) => (
            <ContactMessageCard key={m._id} message={m} />
          ))}
        </ul>
      )}
    </div>
  );
}
