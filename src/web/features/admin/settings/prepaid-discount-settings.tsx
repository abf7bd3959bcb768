/**
 * The "Prepaid discount" section of /admin/settings (docs/architecture.md#prepaid-discount): off, a
 * percent of the order (1–50, rounded down to whole rupees, with an optional cap) or a flat amount,
 * taken off orders paid online or with store credit, never Cash on Delivery. An example under the
 * fields shows what a ₹1,200 order would save, with the rule the checkout and the server use.
 */
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { formatINR, toRupees } from '../../../../core/money';
import { prepaidDiscountPaise } from '../../../../core/prepaid-discount';
import type { ShopSettingsData, ShopSettingsInput } from '../../../../core/schemas/settings';
import { Input, Select } from '../../../components/ui/field';

/** An empty cap field is no cap (null). */
const capValue = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

const EXAMPLE_PAISE = 120_000;

/** The section, bound to the settings form's `prepaidDiscount` fields. */
export function PrepaidDiscountSettings({ form }: { form: UseFormReturn<ShopSettingsInput, unknown, ShopSettingsData> }) {
  const errors = form.formState.errors.prepaidDiscount;
  const rule = useWatch({ control: form.control, name: 'prepaidDiscount' });
  const kind = rule?.kind ?? 'off';
  const valid = rule && Number.isFinite(rule.value) && (rule.cap === null || Number.isFinite(rule.cap));
  const example = valid && kind !== 'off' ? prepaidDiscountPaise({ kind, value: rule.value, cap: rule.cap ?? null }, EXAMPLE_PAISE) : 0;
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-stone-900">Prepaid discount</legend>
      <p className="-mt-2 text-sm text-stone-500">
        Taken off orders paid online or with store credit, never Cash on Delivery. The checkout shows it beside the payment methods
        (&quot;Pay online and save ₹60&quot;), so more shoppers pay before delivery and fewer parcels come back unpaid.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label="Prepaid discount" error={errors?.kind?.message} {...form.register('prepaidDiscount.kind')}>
          <option value="off">Off</option>
          <option value="percent">Percent of the order</option>
          <option value="flat">Flat amount (₹)</option>
        </Select>
        {kind === 'off' ? null : (
          <>
            <Input
              label={kind === 'percent' ? 'Percent off (1–50)' : 'Amount off (₹)'}
              type="number"
              inputMode="decimal"
              min={kind === 'percent' ? 1 : 0}
              max={kind === 'percent' ? 50 : undefined}
              step={kind === 'percent' ? 1 : 0.01}
              hint={kind === 'percent' ? 'Rounded down to whole rupees' : undefined}
              error={errors?.value?.message}
              {...form.register('prepaidDiscount.value', { valueAsNumber: true })}
            />
            <Input
              label="At most (₹)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              hint="Empty: no cap"
              error={errors?.cap?.message}
              {...form.register('prepaidDiscount.cap', { setValueAs: capValue })}
            />
          </>
        )}
      </div>
      {kind !== 'off' ? (
        <p className="text-sm text-stone-600" data-testid="prepaid-example">
          A {formatINR(toRupees(EXAMPLE_PAISE))} order paid online saves {formatINR(toRupees(example))}. An order never goes under ₹1.
        </p>
      ) : null}
    </fieldset>
  );
}
