/**
 * One contact message: sender, Registered or Guest badge, time (IST), a reply
 * mail link and a tel link, and the message, cut at 150 characters with Show More / Show Less.
 */
import { useId, useState } from 'react';
import type { AdminContactMessage } from '../../../../core/schemas/admin-orders';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { formatDateTime } from '../format';

/** Characters of a message shown before Show More. */
const PREVIEW_CHARS = 150;

const REPLY_SUBJECT = 'Re: your message to Rangmanch';

/** The tel: target of an Indian mobile number (10 digits get +91). */
const telHref = (phone: string) => `tel:${/^\d{10}$/.test(phone) ? `+91${phone}` : phone}`;

/** A contact message card. */
export function ContactMessageCard({ message }: { message: AdminContactMessage }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const long = message.comment.length > PREVIEW_CHARS;
  const text = long && !expanded ? `${message.comment.slice(0, PREVIEW_CHARS).trimEnd()}…` : message.comment;
  return (
    <li className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-stone-900">{message.name}</span>
            {message.registeredUser ? <Badge tone="green">Registered</Badge> : <Badge tone="grey">Guest</Badge>}
          </p>
          <p className="mt-0.5 text-sm text-stone-600">
            <span className="break-all">{message.email}</span> · <span className="whitespace-nowrap">{message.phone}</span>
          </p>
        </div>
        <time dateTime={message.createdAt} className="text-xs text-stone-500">
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <p id={`${id}-text`} className="text-sm leading-relaxed whitespace-pre-line text-stone-800">
        {text}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {long ? (
          <button
            type="button"
            className="mr-auto text-sm font-medium text-brand hover:underline"
            aria-expanded={expanded}
            aria-controls={`${id}-text`}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? 'Show Less' : 'Show More'}
          </button>
        ) : (
          <span className="mr-auto" />
        )}
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(REPLY_SUBJECT)}`}
          className={buttonClasses('outline', 'sm')}
          aria-label={`Reply to ${message.name} by e-mail`}
        >
          Reply
        </a>
        <a href={telHref(message.phone)} className={buttonClasses('ghost', 'sm')} aria-label={`Call ${message.name}`}>
          Call
        </a>
      </div>
    </li>
  );
}
