/**
 * The "COD advance" part of the COD section of /admin/settings (docs/architecture.md#part-paid-cod;
 * docs/owners-guide.md): whether Cash on Delivery orders pay part online first (a fixed amount in
 * rupees, or a percent of what is due after store credit, rounded up to whole rupees), and from which
 * order total.
 */
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ShopSettingsData, ShopSettingsInput } from '../../../../core/schemas/settings';
import { Input, Select } from '../../../components/ui/field';

const num = { valueAsNumber: true } as const;

/** The fields, bound to the settings form's `codAdvance`. */
export function CodAdvanceFields({ form }: { form: UseFormReturn<ShopSettingsInput, unknown, ShopSettingsData> }) {
  const errors = form.formState.errors;
  const kind = useWatch({ control: form.control, name: 'codAdvance.kind' });
  return (
    <div className="space-y-4 border-t border-stone-100 pt-4">
      <div>
        <h3 className="text-sm font-semibold text-stone-900">COD advance</h3>
        <p className="mt-1 text-sm text-stone-500">
          Ask Cash on Delivery shoppers to pay part of the order online first, the rest in cash: fewer parcels refused at the door. The
          order is placed once the advance is paid, and needs no COD confirmation.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label="Advance" error={errors.codAdvance?.kind?.message} {...form.register('codAdvance.kind')}>
          <option value="off">Off</option>
          <option value="fixed">Fixed amount</option>
          <option value="percent">Percent of the order</option>
        </Select>
        {kind === 'off' ? null : (
          <>
            <Input
              label={kind === 'percent' ? 'Percent (1 to 90)' : 'Amount (₹)'}
              type="number"
              inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
              step={kind === 'percent' ? 1 : 0.01}
              min={1}
              max={kind === 'percent' ? 90 : undefined}
              hint={kind === 'percent' ? 'Of what is due after store credit, rounded up to whole rupees' : 'At most what is due'}
              error={errors.codAdvance?.value?.message}
              {...form.register('codAdvance.value', num)}
            />
            <Input
              label="For orders of at least (₹)"
              type="number"
              inputMode="decimal"
              step="0.01"
              min={0}
              hint="0: every COD order"
              error={errors.codAdvance?.above?.message}
              {...form.register('codAdvance.above', num)}
            />
          </>
        )}
      </div>
    </div>
  );
}
