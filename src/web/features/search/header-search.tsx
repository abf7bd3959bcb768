/**
 * The header's product search, with suggestions while typing: a GET form to
 * /products?q=..., so it works before (and without) JavaScript, and once hydrated an ARIA 1.2
 * combobox offering, as the shopper types (debounced), matching categories and products with
 * picture and price from GET /api/search/suggestions.
 *
 * Keyboard: Down and Up move through the suggestions (wrapping; the input keeps focus and points at
 * the current one with aria-activedescendant), Enter opens the current one or, with none, searches
 * the text; Escape closes the list (a second Escape is the header's: it closes the phone search
 * panel). A pointer or a tap opens a suggestion. The list closes when focus leaves the form.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { formatINR } from '../../../core/money';
import type { SearchSuggestions } from '../../../core/schemas/search';
import { productImageProps } from '../../lib/images';

/** Wait this long after the last keystroke before asking the server. */
const DEBOUNCE_MS = 150;
/** Answers kept in this page for the queries typed recently (Backspace re-shows at once). */
const CACHE_SIZE = 30;
const answers = new Map<string, SearchSuggestions>();

const EMPTY: SearchSuggestions = { products: [], categories: [] };

/** One row of the list: a category, a product, or "all results". */
interface Option {
  key: string;
  href: string;
}

/** Fetches the suggestions for `text` (2+ characters) after a pause, keeping the last answer meanwhile. */
function useSuggestions(text: string): SearchSuggestions {
  const q = text.trim();
  const [answer, setAnswer] = useState<{ q: string; data: SearchSuggestions }>({ q: '', data: EMPTY });
  useEffect(() => {
    if (q.length < 2) return;
    const cached = answers.get(q);
    if (cached) {
      setAnswer({ q, data: cached });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<SearchSuggestions>) : EMPTY))
        .then((data) => {
          if (answers.size >= CACHE_SIZE) answers.delete(answers.keys().next().value!);
          answers.set(q, data);
          setAnswer({ q, data });
        })
        .catch(() => {
          // Aborted by a newer keystroke, or offline: the form still searches on Enter.
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return q.length < 2 ? EMPTY : answer.data;
}

/** The search box with its suggestions; `initial` is the listing's current search (remount to reset). */
export function HeaderSearch({ initial, autoFocus = false, className = '' }: { initial: string; autoFocus?: boolean; className?: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(text);
  const q = text.trim();

  const options: Option[] = [
    ...suggestions.categories.map((c) => ({ key: `c-${c._id}`, href: c.href })),
    ...suggestions.products.map((p) => ({ key: `p-${p._id}`, href: p.href })),
  ];
  if (options.length > 0) options.push({ key: 'all', href: `/products?q=${encodeURIComponent(q).replace(/%20/g, '+')}` });
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;
  const current = expanded && active >= 0 && active < options.length ? active : -1;

  // A new answer starts with nothing chosen.
  useEffect(() => setActive(-1), [suggestions]);

  const go = (href: string) => {
    setOpen(false);
    void navigate(href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (options.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (!expanded || a < 0 ? (step === 1 ? 0 : options.length - 1) : (a + step + options.length) % options.length));
    } else if (e.key === 'Enter' && current >= 0) {
      e.preventDefault();
      go(options[current].href);
    } else if (e.key === 'Escape' && expanded) {
      // Closes the list only, keeping the text (a search field's own Escape would clear it); the
      // header's Escape (the phone search panel) skips a handled one and waits for the next.
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionClass = (index: number) =>
    `flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${current === index ? 'bg-stone-100 text-stone-950' : 'text-stone-800'}`;
  let index = 0;

  return (
    <Form
      ref={formRef}
      method="get"
      action="/products"
      role="search"
      className={`relative ${className}`}
      onSubmit={() => setOpen(false)}
      onBlur={(e) => {
        if (!formRef.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder="Search kurtas, sarees…"
        autoFocus={autoFocus}
        maxLength={100}
        enterKeyHint="search"
        className="search-field"
      />
      <button type="submit" className="search-go" aria-label="Search">
        <i className="i-search h-4.5 w-4.5" aria-hidden="true" />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="search-list"
        // Keeps focus in the input while a pointer picks a row.
        onMouseDown={(e) => e.preventDefault()}
      >
        {expanded && suggestions.categories.length > 0 ? (
          <div role="group" aria-labelledby={`${listId}-categories`}>
            <div
              id={`${listId}-categories`}
              role="presentation"
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-stone-500"
            >
              Categories
            </div>
            {suggestions.categories.map((c) => {
              const i = index++;
              return (
                <div
                  key={c._id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={current === i}
                  className={optionClass(i)}
                  onClick={() => go(c.href)}
                >
                  <span className="font-medium">{c.name}</span>
                  {c.parentName ? <span className="text-stone-500">in {c.parentName}</span> : null}
                </div>
              );
            })}
          </div>
        ) : null}
        {expanded && suggestions.products.length > 0 ? (
          <div role="group" aria-labelledby={`${listId}-products`}>
            <div
              id={`${listId}-products`}
              role="presentation"
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-stone-500"
            >
              Products
            </div>
            {suggestions.products.map((p) => {
              const i = index++;
              return (
                <div
                  key={p._id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={current === i}
                  className={optionClass(i)}
                  onClick={() => go(p.href)}
                >
                  {p.image ? (
                    <img
                      {...productImageProps(p.image.url, '48px')}
                      alt=""
                      width={48}
                      height={48}
                      className="h-12 w-12 shrink-0 rounded-md bg-stone-100 object-cover"
                    />
                  ) : (
                    <span className="h-12 w-12 shrink-0 rounded-md bg-stone-100" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2">{p.title}</span>
                    <span className="block font-semibold text-stone-900">{formatINR(p.price)}</span>
                  </span>
                </div>
              );
            })}
          </div>
        ) : null}
        {expanded ? (
          <div
            id={optionId(index)}
            role="option"
            aria-selected={current === index}
            className={`${optionClass(index)} border-t border-stone-100 font-medium text-brand`}
            onClick={() => go(options[options.length - 1].href)}
          >
            <i className="i-search h-4 w-4" aria-hidden="true" />
            All results for “{q}”
          </div>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {expanded ? `${options.length - 1} suggestions. Use the up and down arrows to choose one.` : ''}
      </p>
    </Form>
  );
}
