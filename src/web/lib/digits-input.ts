/**
 * Digits-only text inputs (phone, pincode): non-digits are dropped as the shopper types or pastes.
 */
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Wraps a react-hook-form registration so its input keeps digits only, at most `max` of them. */
export function digitsOnlyInput<T extends UseFormRegisterReturn>(field: T, max: number): T {
  return {
    ...field,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const clean = e.target.value.replace(/\D/g, '').slice(0, max);
      if (clean !== e.target.value) e.target.value = clean;
      return field.onChange(e);
    },
  };
}
