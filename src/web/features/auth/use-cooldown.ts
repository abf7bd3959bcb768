/**
 * A countdown measured against the wall clock (not by counting ticks), so it stays right when the
 * tab sleeps and when tests move the clock.
 */
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left of a cooldown that starts on mount; `restart()` starts it again. */
export function useCooldown(seconds: number): { remaining: number; restart: () => void } {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);

  const restart = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, [seconds]);

  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), restart };
}
