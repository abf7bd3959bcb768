/**
 * Closing rules for a disclosure (a menu button and its panel): while `open`, a press outside
 * `container`, focus moving outside it, or Escape calls `onClose`; Escape also puts focus back on
 * `button`, so a keyboard user stays where they were (WAI-ARIA disclosure pattern).
 */
import { useEffect, type RefObject } from 'react';

/** Wires the closing rules while `open`; `onClose` should be stable or cheap to re-subscribe. */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  onClose: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      target instanceof Node && container.current !== null && !container.current.contains(target);
    const onPointer = (e: PointerEvent) => {
      if (outside(e.target)) onClose();
    };
    const onFocus = (e: FocusEvent) => {
      if (outside(e.target)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onClose();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, container, button, onClose]);
}
