/**
 * The frame shared by the four homepage content screens: a back link to the
 * dashboard, the heading with the Add button, the add/edit form when open, then the cards, a
 * loading state, a load failure with Try again, or the empty state.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';

/** Props of ContentScreen. */
export interface ContentScreenProps {
  title: string;
  description: string;
  /** How many there are against the limit, e.g. '3 of 5 photos'. */
  summary?: ReactNode;
  addLabel: string;
  onAdd: () => void;
  /** The open add/edit form, or null when closed. */
  form: ReactNode;
  /** Changes whenever another form opens (add, or edit of another item): scrolls it into view. */
  formKey: string | null;
  loading: boolean;
  /** The load failure message, or null. */
  error: string | null;
  onRetry: () => void;
  isEmpty: boolean;
  emptyTitle: string;
  emptyText: string;
  children: ReactNode;
}

/** A homepage content screen. */
export function ContentScreen(props: ContentScreenProps) {
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.formKey) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [props.formKey]);

  let body: ReactNode;
  if (props.loading) {
    body = (
      <div className="flex items-center justify-center gap-3 py-16 text-sm text-stone-500" role="status">
        <Spinner /> Loading…
      </div>
    );
  } else if (props.error) {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        {props.error}
        <Button variant="outline" size="sm" onClick={props.onRetry}>
          Try again
        </Button>
      </div>
    );
  } else if (props.isEmpty) {
    body = props.form ? null : (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white">
        <EmptyState
          icon="box"
          title={props.emptyTitle}
          description={props.emptyText}
          action={<Button onClick={props.onAdd}>{props.addLabel}</Button>}
        />
      </div>
    );
  } else {
    body = props.children;
  }

  return (
    <div className="space-y-6">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-stone-900">{props.title}</h1>
          <p className="mt-1 text-stone-600">{props.description}</p>
          {props.summary ? <p className="mt-1 text-sm text-stone-500">{props.summary}</p> : null}
        </div>
        {!props.form && !props.loading && !props.error && !props.isEmpty ? <Button onClick={props.onAdd}>{props.addLabel}</Button> : null}
      </div>
      {props.form ? (
        <div ref={formRef} className="scroll-mt-6">
          {props.form}
        </div>
      ) : null}
      {body}
    </div>
  );
}

/** A responsive grid for the cards of a content screen. */
export function CardGrid({ children, label, wide = false }: { children: ReactNode; label: string; wide?: boolean }) {
  return (
    <ul aria-label={label} className={`grid gap-4 sm:grid-cols-2 ${wide ? 'lg:grid-cols-2' : 'lg:grid-cols-3 xl:grid-cols-4'}`}>
      {children}
    </ul>
  );
}
