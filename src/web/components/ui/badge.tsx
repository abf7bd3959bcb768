/**
 * Small coloured labels (bestseller, saved address, order status, discounts).
 */
import type { ReactNode } from 'react';

/** Colour families a badge can take. */
export type BadgeTone = 'brand' | 'neutral' | 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'grey' | 'dark';

const tones: Record<BadgeTone, string> = {
  brand: 'bg-rose-50 text-rose-700 ring-rose-200',
  neutral: 'bg-stone-100 text-stone-700 ring-stone-200',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
  purple: 'bg-purple-50 text-purple-700 ring-purple-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
  grey: 'bg-stone-100 text-stone-600 ring-stone-300',
  dark: 'bg-stone-900 text-white ring-stone-900',
};

/** A pill-shaped label in one of the shop's tones. */
export function Badge({ tone = 'neutral', children, className = '' }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
