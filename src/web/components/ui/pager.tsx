/**
 * Previous / Next under a paged list, with "Page 2 of 7" (and the total when given); nothing when
 * there is one page. The caller keeps the page number (state or the URL).
 */
import { Button } from './button';

/** Props of Pager. */
export interface PagerProps {
  page: number;
  totalPages: number;
  /** "1,204 customers": the total and what is counted, shown after the page numbers. */
  total?: string;
  onPage: (page: number) => void;
}

/** The page controls of a list. */
export function Pager({ page, totalPages, total, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-stone-600">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {totalPages}
        {total ? ` · ${total}` : ''}
      </span>
      <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
