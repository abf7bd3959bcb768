/**
 * The "Staff policy" section of /admin/settings, for the owner ('staff.manage'): the largest refund
 * a manager and a support member may issue (owners refund any amount) and whether every staff
 * account must sign in with two steps (docs/decisions/0023-staff-roles.md "Refund limits"). Its own
 * form and save, PUT /api/admin/settings/staff-policy.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import { staffPolicySchema, type StaffPolicy } from '../../../../core/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { CheckField } from '../catalog-form-controls';
import { useSaveStaffPolicy } from './api';

const num = { valueAsNumber: true } as const;

/** Edits and saves `policy` (the settings' staffPolicy, rupees). */
export function StaffPolicyForm({ policy }: { policy: StaffPolicy }) {
  const save = useSaveStaffPolicy();
  const form = useForm<StaffPolicy>({ resolver: zodResolver(staffPolicySchema), defaultValues: policy, mode: 'onTouched' });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved.staffPolicy);
      toast.success('Staff policy saved');
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) form.setError(field as Path<StaffPolicy>, { message });
      }
      toast.error(errorMessage(error, 'Failed to save the staff policy'));
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="staff-policy-title">
      <fieldset className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        <legend id="staff-policy-title" className="px-1 text-base font-semibold text-stone-900">
          Staff policy
        </legend>
        <p className="-mt-2 text-sm text-stone-500">
          The largest refund each role may issue at a time; owners may refund any amount. A cancellation's full refund and the retry of a
          failed refund are not limited.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Manager refund limit (₹)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            error={errors.refundLimitManagerRupees?.message}
            {...form.register('refundLimitManagerRupees', num)}
          />
          <Input
            label="Support refund limit (₹)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            error={errors.refundLimitSupportRupees?.message}
            {...form.register('refundLimitSupportRupees', num)}
          />
        </div>
        <CheckField label="Every staff account must use two-step sign-in" {...form.register('staffTwoStepRequired')} />
        <div className="flex justify-end">
          <Button type="submit" variant="outline" loading={isSubmitting} disabled={!isDirty}>
            Save staff policy
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
