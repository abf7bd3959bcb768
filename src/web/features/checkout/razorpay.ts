/**
 * Razorpay Checkout in the browser: loads the script once from the URL the server names, types the
 * widget options this shop uses and opens it. The checkout page imports it when Pay is pressed, so
 * none of it is in the page's first load.
 */
import type { RazorpaySuccess } from './api';

/** The Checkout widget options this shop passes (exactly these, plus the two callbacks). */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void | Promise<void>;
  modal: { ondismiss: () => void };
}

/** An opened-or-not Checkout widget. */
export interface RazorpayInstance {
  open(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** Injects the Checkout <script> once and resolves when `window.Razorpay` exists. */
export function loadRazorpay(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  if (loading) return loading;
  loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Payment widget unavailable')));
    script.onerror = () => reject(new Error('Could not load the payment widget'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelectorAll(`script[src="${CSS.escape(src)}"]`).forEach((s) => s.remove());
    throw error;
  });
  return loading;
}

/**
 * Loads the widget (`loadRazorpay`) and opens it for a Razorpay order this shop created: `prefill`
 * names the shopper, `notes` carry the pricing notes, `onPaid` gets the signed answer to verify,
 * `onDismiss` runs when the shopper closes it. Throws when the widget cannot be loaded.
 */
export async function openRazorpayCheckout(opts: {
  src: string;
  key: string;
  order: { id: string; amount: number; currency: string };
  description: string;
  prefill: RazorpayOptions['prefill'];
  notes: Record<string, string>;
  onPaid: RazorpayOptions['handler'];
  onDismiss: () => void;
}): Promise<void> {
  await loadRazorpay(opts.src);
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Payment widget unavailable');
  new Razorpay({
    key: opts.key,
    amount: opts.order.amount,
    currency: opts.order.currency,
    order_id: opts.order.id,
    description: opts.description,
    prefill: opts.prefill,
    notes: opts.notes,
    theme: { color: '#e11d48' },
    handler: opts.onPaid,
    modal: { ondismiss: opts.onDismiss },
  }).open();
}
