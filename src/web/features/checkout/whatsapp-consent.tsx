/**
 * WhatsApp consent at checkout (docs/architecture.md#whatsapp): "Send me order updates on WhatsApp"
 * (ticked by default) and, apart from it, "Send me offers on WhatsApp" (unticked). Both are saved to
 * the account when the order is placed. An unticked offers box says nothing (it never withdraws a
 * consent given before; the profile does that); an unticked updates box turns updates off.
 */
import { useState } from 'react';

/** The two boxes' state and what they add to the create-order body. */
export function useWhatsAppConsent() {
  const [updates, setUpdates] = useState(true);
  const [offers, setOffers] = useState(false);
  const body = { whatsappUpdates: updates, ...(offers ? { whatsappOffers: true } : {}) };
  return { updates, setUpdates, offers, setOffers, body };
}
export type WhatsAppConsent = ReturnType<typeof useWhatsAppConsent>;

const box = 'mt-0.5 h-4 w-4 rounded accent-[#e11d48]';

/** The two boxes, under the payment step. */
export function WhatsAppConsentFields({ consent }: { consent: WhatsAppConsent }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 bg-white p-5 text-sm text-stone-700 sm:px-7">
      <legend className="sr-only">WhatsApp messages</legend>
      <label className="flex cursor-pointer items-start gap-3">
        <input type="checkbox" checked={consent.updates} onChange={(e) => consent.setUpdates(e.target.checked)} className={box} />
        <span>
          Send me order updates on WhatsApp
          <span className="block text-xs text-stone-500">Order placed, shipped with tracking, out for delivery, delivered, refunds.</span>
        </span>
      </label>
      <label className="flex cursor-pointer items-start gap-3">
        <input type="checkbox" checked={consent.offers} onChange={(e) => consent.setOffers(e.target.checked)} className={box} />
        <span>
          Send me offers on WhatsApp
          <span className="block text-xs text-stone-500">Reply STOP at any time to stop them.</span>
        </span>
      </label>
    </fieldset>
  );
}
