/**
 * Razorpay Checkout in the browser: loads the script once from the URL the server names and types
 * the widget options this shop uses.
 */
import type { RazorpaySuccess } from './api';

/** The Checkout widget options this shop passes (spec 7: exactly these, plus the two callbacks). */
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
