/**
 * A modal dialog on the native <dialog> element: the page behind is inert, Tab and Shift+Tab stay
 * inside, Escape asks to close, and focus returns to where it was when the dialog closes.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Props of Modal. */
export interface ModalProps {
  open: boolean;
  /** Asked to close (Escape, a click on the backdrop); ignored while `dismissible` is false. */
  onClose: () => void;
  /** Id of the element naming the dialog. */
  labelledBy: string;
  /** Id of the element describing it. */
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** False while something is in flight: Escape and the backdrop do nothing. */
  dismissible?: boolean;
  className?: string;
  children: ReactNode;
}

/** Shows `children` in a centred modal while `open`. */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  dismissible = true,
  className = 'max-w-md',
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires `cancel`: the parent decides, so the dialog never closes behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (dismissible) onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [dismissible, onClose]);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={trapTab}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its content box.
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 text-stone-800 shadow-xl backdrop:bg-stone-900/50 ${className}`}
    >
      {open ? children : null}
    </dialog>
  );
}
