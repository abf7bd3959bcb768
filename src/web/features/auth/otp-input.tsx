/**
 * Six single-digit boxes for a one-time code: typing advances, Backspace goes back, pasting the
 * whole code fills every box.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

/** The code as six boxes; `value` is the digits typed so far (up to `length`). */
export function OtpInput({
  value,
  onChange,
  length = 6,
  disabled = false,
  invalid = false,
}: {
  value: string;
  onChange: (code: string) => void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');

  const focusAt = (i: number) => {
    const el = refs.current[Math.max(0, Math.min(length - 1, i))];
    el?.focus();
    el?.select();
  };

  const writeAt = (index: number, incoming: string) => {
    const clean = incoming.replace(/\D/g, '');
    if (!clean) return;
    const next = digits.slice();
    let i = index;
    for (const ch of clean) {
      if (i >= length) break;
      next[i] = ch;
      i += 1;
    }
    onChange(next.join('').slice(0, length));
    focusAt(i >= length ? length - 1 : i);
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const next = digits.slice();
      if (next[i]) {
        next[i] = '';
        onChange(next.join(''));
      } else if (i > 0) {
        next[i - 1] = '';
        onChange(next.join(''));
        focusAt(i - 1);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focusAt(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focusAt(i + 1);
    }
  };

  const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const text = e.clipboardData.getData('text');
    const clean = text.replace(/\D/g, '');
    if (clean.length >= length) writeAt(0, clean);
    else writeAt(i, clean);
  };

  return (
    <div className="flex justify-center gap-2 sm:gap-3" role="group" aria-label="Verification code">
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          value={d}
          onChange={(e) => {
            const typed = e.target.value.replace(/\D/g, '');
            if (!typed) return;
            // Typing over a filled box keeps only the new digit; several digits (autofill) spread out.
            writeAt(i, typed.length > 1 && d ? typed.replace(d, '') || typed : typed);
          }}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste(i)}
          onFocus={(e) => e.target.select()}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={length}
          disabled={disabled}
          aria-label={`Digit ${i + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          className={`h-12 w-11 rounded-md border bg-white text-center text-xl font-semibold text-stone-900 shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-stone-100 sm:h-14 sm:w-12 ${
            invalid ? 'border-red-400' : 'border-stone-300'
          }`}
        />
      ))}
    </div>
  );
}
