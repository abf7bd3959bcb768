/**
 * The COD section's refused-COD limit and "COD confirmation" part of /admin/settings
 * (docs/architecture.md#cod-confirmation, #cash-on-delivery; docs/owners-guide.md): after how many
 * COD orders refused at the door (counted by account, phone or e-mail) COD is no longer offered;
 * which COD orders wait for the shopper's confirmation (none, those above an amount, all), the hours
 * they have, and what happens to one left unconfirmed (cancelled, or held for your call).
 */
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ShopSettingsData, ShopSettingsInput } from '../../../../core/schemas/settings';
import { Input, Select } from '../../../components/ui/field';

const num = { valueAsNumber: true } as const;

/** The fields, bound to the settings form's `cod.maxRefused` and `codConfirmation`. */
export function CodConfirmationFields({ form }: { form: UseFormReturn<ShopSettingsInput, unknown, ShopSettingsData> }) {
  const errors = form.formState.errors;
  const mode = useWatch({ control: form.control, name: 'codConfirmation.mode' });
  return (
    <>
      <Input
        label="Refused COD orders before COD is turned off for a shopper"
        type="number"
        inputMode="numeric"
        min={1}
        max={20}
        hint="Counted by account, phone or e-mail: a new account with the same phone does not start again"
        error={errors.cod?.maxRefused?.message}
        {...form.register('cod.maxRefused', num)}
      />
      <div className="space-y-4 border-t border-stone-100 pt-4">
        <div>
          <h3 className="text-sm font-semibold text-stone-900">COD confirmation</h3>
          <p className="mt-1 text-sm text-stone-500">
            The shopper confirms with one tap (mail, WhatsApp or their order page) before you pack. Orders waiting are not shipped until
            they are confirmed.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Which COD orders need confirming"
            error={errors.codConfirmation?.mode?.message}
            {...form.register('codConfirmation.mode')}
          >
            <option value="off">None</option>
            <option value="above">Orders above an amount</option>
            <option value="all">All COD orders</option>
          </Select>
          {mode === 'above' ? (
            <Input
              label="Confirm orders above (₹)"
              type="number"
              inputMode="decimal"
              step="0.01"
              min={0}
              error={errors.codConfirmation?.above?.message}
              {...form.register('codConfirmation.above', num)}
            />
          ) : null}
          <Input
            label="Hours to confirm"
            type="number"
            inputMode="numeric"
            min={1}
            max={168}
            error={errors.codConfirmation?.hours?.message}
            {...form.register('codConfirmation.hours', num)}
          />
          <Select
            label="When not confirmed in time"
            error={errors.codConfirmation?.expiry?.message}
            {...form.register('codConfirmation.expiry')}
          >
            <option value="cancel">Cancel the order (stock goes back)</option>
            <option value="hold">Hold it for a call from the shop</option>
          </Select>
        </div>
      </div>
    </>
  );
}
