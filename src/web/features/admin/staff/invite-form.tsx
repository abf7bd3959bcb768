/**
 * The owner's "Invite staff" form: an e-mail and a role, each role with its one line from the role
 * table (core/staff-roles.ts). Validated with the server's schema (core/schemas/staff.ts); a refusal
 * (409 already staff) shows the server's message.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES, type StaffRole } from '../../../../core/permissions';
import type { StaffInvitation, StaffInvitationInput } from '../../../../core/schemas/staff';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../../core/staff-roles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { inviteStaff } from './api';

const resolver = lazyZodResolver(() => import('../../../../core/schemas/staff').then((m) => m.staffInvitationInputSchema));

/** The invite form; `onInvited` gets the new pending invitation. */
export function InviteForm({ onInvited, onCancel }: { onInvited: (invitation: StaffInvitation) => void; onCancel: () => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<StaffInvitationInput, unknown, { email: string; role: StaffRole }>({
    resolver,
    defaultValues: { email: '', role: 'fulfilment' },
  });
  useEffect(() => resolver.preload(), []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onInvited(await inviteStaff(values));
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to send the invitation'));
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="invite-heading"
      className="space-y-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <div>
        <h2 id="invite-heading" className="text-lg font-semibold text-stone-900">
          Invite staff
        </h2>
        <p className="mt-1 text-sm text-stone-600">They get an e-mail with a link that works once, for 72 hours.</p>
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <Input label="E-mail" type="email" autoComplete="off" className="max-w-md" error={errors.email?.message} {...register('email')} />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">Role</legend>
        <div className="grid gap-2 md:grid-cols-2">
          {STAFF_ROLES.map((role) => (
            <label
              key={role}
              className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 hover:border-stone-300 has-checked:border-brand has-checked:bg-brand/5"
            >
              <input type="radio" value={role} className="mt-1 accent-brand" {...register('role')} />
              <span>
                <span className="block text-sm font-semibold text-stone-900">{ROLE_LABELS[role]}</span>
                <span className="block text-xs text-stone-600">{ROLE_DESCRIPTIONS[role]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.role?.message ? <p className="mt-1.5 text-sm text-red-600">{errors.role.message}</p> : null}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isSubmitting}>
          Send invitation
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
