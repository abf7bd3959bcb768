/**
 * /whatsapp-sandbox (docs/architecture.md#whatsapp): the shopper's phone for the built-in WhatsApp
 * Cloud API stand-in, on while no credentials are set (never in production). Per number, the
 * messages the shop sent, newest first: the template's name, its text with the parameters filled in,
 * the status ticks and the quick-reply buttons. A button press and the reply box send the shop's
 * webhook what Meta would (signed), so a reply of STOP opts the number out as on a real phone.
 * Data: GET /whatsapp-sandbox/api/messages (every 2 s); POST /whatsapp-sandbox/api/reply.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** Title of the page; kept out of search engines. */
export function meta() {
  return [{ title: 'WhatsApp sandbox | Rangmanch' }, { name: 'robots', content: 'noindex, nofollow' }];
}

interface SandboxMessage {
  id: string;
  kind: string;
  templateName: string;
  text: string;
  buttons: { label: string; payload: string }[];
  status: 'queued' | 'sent' | 'delivered' | 'read' | 'failed';
  lastError: string | null;
  wamid: string | null;
  at: string;
}
interface SandboxReply {
  from: string;
  text: string;
  at: string;
  answer: string;
}
interface Thread {
  number: string;
  messages: SandboxMessage[];
  replies: SandboxReply[];
}

const key = ['whatsapp-sandbox'] as const;

async function load(): Promise<{ numbers: Thread[] } | null> {
  const res = await fetch('/whatsapp-sandbox/api/messages');
  if (res.status === 404) return null;
  if (!res.ok) throw new Error('Could not load the sandbox');
  return (await res.json()) as { numbers: Thread[] };
}

type ReplyBody = { from: string; text: string } | { from: string; button: { payload: string; text: string; contextId?: string } };

async function reply(body: ReplyBody): Promise<void> {
  const res = await fetch('/whatsapp-sandbox/api/reply', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'Could not send');
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const shown = (number: string) => `+${number.slice(0, 2)} ${number.slice(2, 7)} ${number.slice(7)}`;

/** ✓ sent, ✓✓ delivered, blue ✓✓ read, a clock while queued, "Failed" with Meta's reason. */
function Ticks({ message }: { message: SandboxMessage }) {
  if (message.status === 'failed')
    return (
      <span className="text-red-700" title={message.lastError ?? undefined}>
        Failed
      </span>
    );
  if (message.status === 'queued') return <span aria-label="Waiting to send">🕓</span>;
  const label = { sent: 'Sent', delivered: 'Delivered', read: 'Read' }[message.status];
  return (
    <span aria-label={label} title={label} className={message.status === 'read' ? 'text-sky-500' : 'text-stone-400'}>
      {message.status === 'sent' ? '✓' : '✓✓'}
    </span>
  );
}

function ThreadView({ thread }: { thread: Thread }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({ mutationFn: reply, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
  const items = [...thread.messages.map((m) => ({ at: m.at, message: m })), ...thread.replies.map((r) => ({ at: r.at, reply: r }))].sort(
    (a, b) => b.at.localeCompare(a.at),
  );
  return (
    <section
      aria-label={`Chat with ${shown(thread.number)}`}
      className="overflow-hidden rounded-2xl border border-stone-200 bg-[#efeae2] shadow-sm"
    >
      <header className="bg-[#075e54] px-4 py-3 text-white">
        <p className="font-semibold">Rangmanch</p>
        <p className="text-xs text-emerald-100">to {shown(thread.number)}</p>
      </header>
      <form
        className="flex gap-2 border-b border-stone-200 bg-stone-50 p-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          send.mutate({ from: thread.number, text }, { onSuccess: () => setText('') });
        }}
      >
        <label className="sr-only" htmlFor={`reply-${thread.number}`}>
          Reply as {shown(thread.number)}
        </label>
        <input
          id={`reply-${thread.number}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Reply (try STOP)"
          maxLength={1000}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm"
        />
        <button
          type="submit"
          disabled={send.isPending}
          className="rounded-full bg-[#128c7e] px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
        >
          Send
        </button>
      </form>
      {send.error ? (
        <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800">
          {send.error.message}
        </p>
      ) : null}
      <ol className="space-y-3 p-3 sm:p-4">
        {items.map((item) =>
          'message' in item && item.message ? (
            <li key={item.message.id} className="max-w-[85%]" data-testid="wa-message">
              <div className="rounded-lg rounded-tl-none bg-white px-3 py-2 shadow-sm">
                <p className="text-[11px] font-medium tracking-wide text-emerald-700 uppercase">{item.message.templateName}</p>
                <p className="mt-1 text-sm whitespace-pre-wrap text-stone-900">{item.message.text}</p>
                <p className="mt-1 flex justify-end gap-1 text-[11px] text-stone-500">
                  {time(item.message.at)} <Ticks message={item.message} />
                </p>
              </div>
              {item.message.buttons.map((b) => (
                <button
                  key={b.payload}
                  type="button"
                  disabled={send.isPending}
                  onClick={() =>
                    send.mutate({
                      from: thread.number,
                      button: { payload: b.payload, text: b.label, contextId: item.message.wamid ?? undefined },
                    })
                  }
                  className="mt-1 block w-full rounded-lg bg-white px-3 py-2 text-center text-sm font-medium text-[#128c7e] shadow-sm hover:bg-stone-50"
                >
                  {b.label}
                </button>
              ))}
            </li>
          ) : 'reply' in item && item.reply ? (
            <li key={`${item.reply.at}-${item.reply.text}`} className="ml-auto max-w-[85%]">
              <div className="rounded-lg rounded-tr-none bg-[#d9fdd3] px-3 py-2 shadow-sm">
                <p className="text-sm whitespace-pre-wrap text-stone-900">{item.reply.text}</p>
                <p className="mt-1 text-right text-[11px] text-stone-500">
                  {time(item.reply.at)} · shop answered {item.reply.answer}
                </p>
              </div>
            </li>
          ) : null,
        )}
      </ol>
    </section>
  );
}

/** The sandbox page. */
export default function WhatsAppSandbox() {
  const query = useQuery({ queryKey: key, queryFn: load, refetchInterval: 2000 });
  const [chosen, setChosen] = useState<string | null>(null);
  const threads = query.data?.numbers ?? [];
  const thread = threads.find((t) => t.number === chosen) ?? threads[0];
  return (
    <main className="mx-auto min-h-screen max-w-lg px-3 py-6 sm:py-10">
      <h1 className="font-display text-2xl font-semibold text-stone-900">WhatsApp sandbox</h1>
      <p className="mt-1 text-sm text-stone-600">
        What the shop sent through the built-in stand-in of the WhatsApp Cloud API, newest first. Buttons and replies reach the shop as
        Meta&apos;s signed webhooks would.
      </p>
      {query.isPending ? <p className="mt-6 text-sm text-stone-500">Loading…</p> : null}
      {query.data === null ? (
        <p className="mt-6 rounded-lg bg-stone-100 p-4 text-sm text-stone-700">
          The sandbox is off: this shop sends WhatsApp through the Cloud API.
        </p>
      ) : null}
      {query.data && threads.length === 0 ? (
        <p className="mt-6 rounded-lg bg-stone-100 p-4 text-sm text-stone-700">
          No messages yet. Place an order with order updates ticked.
        </p>
      ) : null}
      {threads.length > 1 ? (
        <div className="mt-4">
          <label htmlFor="wa-number" className="text-sm font-medium text-stone-700">
            Number
          </label>
          <select
            id="wa-number"
            value={thread?.number}
            onChange={(e) => setChosen(e.target.value)}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm"
          >
            {threads.map((t) => (
              <option key={t.number} value={t.number}>
                {shown(t.number)} ({t.messages.length})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {thread ? (
        <div className="mt-4">
          <ThreadView key={thread.number} thread={thread} />
        </div>
      ) : null}
    </main>
  );
}
