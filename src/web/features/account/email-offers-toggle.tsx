/**
 * The profile's e-mail offers switch (docs/architecture.md#abandoned-carts): offers and cart
 * reminders by e-mail, off until the shopper turns it on; saves at once through PUT /api/users/me.
 */
import type { User } from '../../../core/api-types';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './api';
import { Toggle } from './whatsapp-toggles';

/** The switch, for the signed-in shopper. */
export function EmailOffersToggle({ user }: { user: User }) {
  const update = useUpdateProfile();
  return (
    <section aria-labelledby="email-prefs" className="rounded-xl border border-stone-200 bg-white p-5 sm:p-7">
      <h2 id="email-prefs" className="font-display text-xl font-semibold text-stone-900">
        E-mail
      </h2>
      <p className="mt-1 text-sm text-stone-500 wrap-anywhere">Mails go to {user.email}. Order mails always go.</p>
      <div className="mt-2">
        <Toggle
          label="E-mail me offers and cart reminders"
          hint="Now and then an offer, and a reminder when you leave items in your cart."
          checked={user.emailOffers}
          busy={update.isPending}
          onChange={(on) =>
            update.mutate(
              { emailOffers: on },
              {
                onSuccess: () => toast.success('E-mail preferences saved'),
                onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not save'),
              },
            )
          }
        />
      </div>
    </section>
  );
}
