/**
 * The "Back-in-stock alerts" section of /admin/settings (docs/architecture.md#back-in-stock): how
 * many waiting shoppers each piece that comes back tells (1–100, default 3).
 */
import type { UseFormReturn } from 'react-hook-form';
import type { ShopSettingsData, ShopSettingsInput } from '../../../../core/schemas/settings';
import { Input } from '../../../components/ui/field';

/** The section, bound to the settings form's `backInStock.factor`. */
export function BackInStockSettings({ form }: { form: UseFormReturn<ShopSettingsInput, unknown, ShopSettingsData> }) {
  const errors = form.formState.errors.backInStock;
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-stone-900">Back-in-stock alerts</legend>
      <p className="-mt-2 text-sm text-stone-500">
        Shoppers can ask to be told when a sold-out size comes back. When you restock it, the first to ask get one message each, by WhatsApp
        or e-mail.
      </p>
      <Input
        label="Shoppers told per piece that comes back"
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        className="sm:max-w-xs"
        hint="3: restocking 2 pieces tells the first 6 who asked. More than 1, as not everyone who is told buys."
        error={errors?.factor?.message}
        {...form.register('backInStock.factor', { valueAsNumber: true })}
      />
    </fieldset>
  );
}
