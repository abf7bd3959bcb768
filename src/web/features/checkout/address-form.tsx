/**
 * The checkout's new-address form fields (shippingAddressSchema), bound to a react-hook-form
 * instance owned by the page.
 */
import type { UseFormReturn } from 'react-hook-form';
import type { User } from '../../../core/api-types';
import type { ShippingAddress, ShippingAddressInput } from '../../../core/schemas/checkout';
import { Input, Select } from '../../components/ui/field';
import { StateOptions } from '../../components/ui/state-options';
import { digitsOnlyInput, phoneInput } from '../../lib/digits-input';
import { usePincodeAutofill } from '../pincodes/use-pincode-autofill';

/** Placeholder last name for shoppers whose saved name is a single word (the schema needs both). */
export const NO_LAST_NAME = '-';

/** Splits a full name into first and last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: '', lastName: '' };
  if (parts.length === 1) return { firstName: parts[0], lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1] };
}

/** Joins first and last name for display, hiding the placeholder last name. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName, lastName === NO_LAST_NAME ? '' : lastName].filter(Boolean).join(' ');
}

/** Form defaults prefilled from the signed-in shopper. */
export function addressDefaults(user: User | undefined): ShippingAddressInput {
  const { firstName, lastName } = splitName(user?.name ?? '');
  return {
    firstName,
    lastName,
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    pincode: '',
  };
}

/** The saved profile address as a shipping address. */
export function savedShippingAddress(user: User): ShippingAddressInput | null {
  if (!user.address) return null;
  const { firstName, lastName } = splitName(user.name);
  return {
    firstName,
    lastName: lastName || NO_LAST_NAME,
    email: user.email,
    phone: user.phone,
    line1: user.address.line1,
    line2: user.address.line2 ?? '',
    city: user.address.city,
    state: user.address.state,
    pincode: user.address.pincode,
  };
}

/** Name, contact and address fields of the new-address form. */
export function AddressFields({ form }: { form: UseFormReturn<ShippingAddressInput, unknown, ShippingAddress> }) {
  const {
    register,
    formState: { errors, isSubmitted },
  } = form;
  // City and state follow the pincode as it is typed.
  const fill = { shouldValidate: isSubmitted, shouldDirty: true };
  const lookup = usePincodeAutofill(form.watch('pincode'), {
    getCity: () => form.getValues('city'),
    getState: () => form.getValues('state'),
    setCity: (city) => form.setValue('city', city, fill),
    setState: (state) => form.setValue('state', state, fill),
  });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Input label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
      <Input label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Input
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={errors.phone?.message}
        {...phoneInput(register('phone'))}
      />
      <Input
        label="Address line 1"
        autoComplete="address-line1"
        className="sm:col-span-2"
        placeholder="House number, street, area"
        error={errors.line1?.message}
        {...register('line1')}
      />
      <Input
        label="Apartment, suite (optional)"
        autoComplete="address-line2"
        className="sm:col-span-2"
        error={errors.line2?.message}
        {...register('line2')}
      />
      <Input label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      <Select label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')}>
        <StateOptions />
      </Select>
      <Input
        label="Pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        error={errors.pincode?.message ?? lookup.error}
        hint={lookup.hint}
        {...digitsOnlyInput(register('pincode'), 6)}
      />
    </div>
  );
}
