/**
 * The order filters: status (All and every order status), start and end date, and
 * a text search over order reference, e-mail, phone and customer name (debounced; Enter applies at
 * once). Each change goes back to page 1.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { datesInOrder, type OrderFilterState } from './api';
import { isOrderStatus, STATUS_OPTIONS } from './order-status';

const SEARCH_DELAY_MS = 350;

/** Props of OrderFilters. */
export interface OrderFiltersProps {
  filters: OrderFilterState;
  /** Applies a change to the filters; `typing` marks a search keystroke (the URL entry is replaced). */
  onChange: (patch: Partial<OrderFilterState>, typing?: boolean) => void;
  onClear: () => void;
}

/** The filter bar above the orders. */
export function OrderFilters({ filters, onChange, onClear }: OrderFiltersProps) {
  const [search, setSearch] = useState(filters.search);
  const applied = useRef(filters.search);
  // The delayed search must apply to the filters of its moment, not those of the keystroke.
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });

  // The URL changed under us (Clear filters, back button): show its search.
  useEffect(() => {
    if (filters.search !== applied.current) {
      applied.current = filters.search;
      setSearch(filters.search);
    }
  }, [filters.search]);

  const apply = (value: string, typing: boolean) => {
    const next = value.trim();
    if (next === applied.current) return;
    applied.current = next;
    latestOnChange.current({ search: next }, typing);
  };

  useEffect(() => {
    const timer = window.setTimeout(() => apply(search, true), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const anySet = Boolean(filters.status || filters.startDate || filters.endDate || filters.search);
  const badDates = !datesInOrder(filters);

  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4">
      <form
        role="search"
        aria-label="Filter orders"
        className="grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-start lg:gap-x-4"
        onSubmit={(event) => {
          event.preventDefault();
          apply(search, false);
        }}
      >
        <Input
          label="Search"
          type="search"
          placeholder="Order ref, e-mail, phone or name"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          className="col-span-2 lg:col-span-1"
        />
        <Select
          label="Status"
          className="col-span-2 sm:col-span-1"
          value={filters.status}
          onChange={(event) => onChange({ status: isOrderStatus(event.target.value) ? event.target.value : '' })}
        >
          <option value="">All</option>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <Input
          label="Start date"
          type="date"
          value={filters.startDate}
          max={filters.endDate || undefined}
          onChange={(event) => onChange({ startDate: event.target.value })}
          error={badDates ? 'Start date must be on or before the end date' : undefined}
        />
        <Input
          label="End date"
          type="date"
          value={filters.endDate}
          min={filters.startDate || undefined}
          onChange={(event) => onChange({ endDate: event.target.value })}
        />
        <div className="col-span-2 flex items-end sm:col-span-1 lg:h-full">
          <Button variant="ghost" onClick={onClear} disabled={!anySet} className="w-full">
            Clear filters
          </Button>
        </div>
      </form>
    </div>
  );
}
