/**
 * A value that follows another after it has stopped changing for a while (search boxes).
 */
import { useEffect, useState } from 'react';

/** `value`, updated only once it has been unchanged for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
