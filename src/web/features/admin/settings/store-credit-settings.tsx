/**
 * The "Store credit" section of /admin/settings (docs/architecture.md#store-credit): whether refunds
 * may go to store credit (off, or the shopper's / admin's choice) and the bonus percent added to a
 * refund taken as credit (rounded down to the paisa).
 */
import type { UseFormReturn } from 'react-hook-form';
import type { ShopSettingsData, ShopSettingsInput } from '../../../../core/schemas/settings';
import { Input, Select } from '../../../components/ui/field';

/** The section, bound to the settings form's `storeCredit` fields. */
export function StoreCreditSettings({ form }: { form: UseFormReturn<ShopSettingsInput, unknown, ShopSettingsData> }) {
  const errors = form.formState.errors.storeCredit;
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-stone-900">Store credit</legend>
      <p className="-mt-2 text-sm text-stone-500">
        Shoppers spend their store credit at checkout. With refunds to store credit on, a return&apos;s refund (and any refund you make) may
        go to store credit instead of back to the payment.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Refunds to store credit" error={errors?.refunds?.message} {...form.register('storeCredit.refunds')}>
          <option value="off">Off: refunds go back the way they were paid</option>
          <option value="choice">Shopper&apos;s choice (and yours when refunding)</option>
        </Select>
        <Input
          label="Bonus on refunds taken as store credit (%)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          hint="10 adds ₹100 to a ₹1,000 refund; rounded down to the paisa"
          error={errors?.bonusPercent?.message}
          {...form.register('storeCredit.bonusPercent', { valueAsNumber: true })}
        />
      </div>
    </fieldset>
  );
}
