/**
 * The "Cart reminders" section of /admin/settings (docs/architecture.md#abandoned-carts): on or
 * off, minutes a signed-in shopper's cart lies untouched before the first reminder (15–1440), hours
 * after it before the optional second (1–168, empty for none) and the coupon code the second offers
 * (sent only while that coupon is live). Reminders go only to shoppers who agreed to offers by
 * WhatsApp or e-mail.
 */
import type { UseFormReturn } from 'react-hook-form';
import type { ShopSettingsData, ShopSettingsInput } from '../../../../core/schemas/settings';
import { Input } from '../../../components/ui/field';
import { CheckField } from '../catalog-form-controls';

/** An empty box is null (no second reminder, no coupon). */
const orNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);

/** The section, bound to the settings form's `cartReminders` fields. */
export function CartReminderSettings({ form }: { form: UseFormReturn<ShopSettingsInput, unknown, ShopSettingsData> }) {
  const errors = form.formState.errors.cartReminders;
  return (
    <fieldset id="cart-reminders" className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-stone-900">Cart reminders</legend>
      <p className="-mt-2 text-sm text-stone-500">
        A signed-in shopper who leaves items in the cart gets one reminder, on WhatsApp (with the Cart reminder template) or by e-mail, only
        if they agreed to offers. The link puts the cart back on any device and opens checkout. At most one reminder round a week per
        shopper, and none once they order.
      </p>
      <CheckField label="Send cart reminders" {...form.register('cartReminders.enabled')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Input
          label="First reminder after (minutes)"
          type="number"
          inputMode="numeric"
          min={15}
          max={1440}
          hint="15 to 1440; 60 is an hour"
          error={errors?.firstAfterMinutes?.message}
          {...form.register('cartReminders.firstAfterMinutes', { valueAsNumber: true })}
        />
        <Input
          label="Second reminder after (hours)"
          type="number"
          inputMode="numeric"
          min={1}
          max={168}
          hint="After the first; empty for no second reminder"
          error={errors?.secondAfterHours?.message}
          {...form.register('cartReminders.secondAfterHours', { setValueAs: (v) => (orNull(v) === null ? null : Number(v)) })}
        />
        <Input
          label="Coupon in the second reminder"
          autoCapitalize="characters"
          hint="A code from Coupons; left out when it is not live"
          error={errors?.secondCouponCode?.message}
          {...form.register('cartReminders.secondCouponCode', { setValueAs: (v) => orNull(typeof v === 'string' ? v.trim() : v) })}
        />
      </div>
    </fieldset>
  );
}
