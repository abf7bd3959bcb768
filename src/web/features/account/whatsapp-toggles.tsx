/**
 * The profile's WhatsApp section (docs/architecture.md#whatsapp): order updates and offers, each a
 * switch that saves at once through PUT /api/users/me. Replying STOP on WhatsApp turns offers off
 * here too.
 */
import type { User } from '../../../core/api-types';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './api';

/** One switch that saves at once (also the profile's e-mail offers switch). */
export function Toggle({
  label,
  hint,
  checked,
  busy,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 py-3">
      <span className="text-sm text-stone-800">
        {label}
        <span className="block text-xs text-stone-500">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={busy}
        onChange={(e) => onChange(e.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 rounded-full bg-stone-300 transition-colors peer-checked:bg-[#e11d48] peer-focus-visible:ring-2 peer-focus-visible:ring-[#e11d48] peer-focus-visible:ring-offset-2 after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
      />
    </label>
  );
}

/** The two switches, for the signed-in shopper. */
export function WhatsAppToggles({ user }: { user: User }) {
  const update = useUpdateProfile();
  const save = (body: { whatsappUpdates?: boolean; whatsappOffers?: boolean }) =>
    update.mutate(body, {
      onSuccess: () => toast.success('WhatsApp preferences saved'),
      onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not save'),
    });
  return (
    <section aria-labelledby="whatsapp-prefs" className="rounded-xl border border-stone-200 bg-white p-5 sm:p-7">
      <h2 id="whatsapp-prefs" className="font-display text-xl font-semibold text-stone-900">
        WhatsApp
      </h2>
      <p className="mt-1 text-sm text-stone-500">Messages go to {user.phone ? `+91 ${user.phone}` : 'the phone number of your order'}.</p>
      <div className="mt-2 divide-y divide-stone-100">
        <Toggle
          label="Order updates on WhatsApp"
          hint="Order placed, shipped with tracking, out for delivery, delivered, refunds."
          checked={user.whatsappUpdates}
          busy={update.isPending}
          onChange={(on) => save({ whatsappUpdates: on })}
        />
        <Toggle
          label="Offers on WhatsApp"
          hint="Reply STOP on WhatsApp at any time to stop them."
          checked={user.whatsappOffers}
          busy={update.isPending}
          onChange={(on) => save({ whatsappOffers: on })}
        />
      </div>
    </section>
  );
}
