/**
 * Digits-only text inputs (pincode) and Indian mobile inputs: what cannot belong is dropped as the
 * shopper types, pastes or autofills.
 */
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { typedIndianMobile } from '../../core/phone';

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

/**
 * Wraps a react-hook-form registration for an Indian mobile number: +91, a leading 0, spaces and
 * dashes go first, then the 10-digit limit applies (src/core/phone.ts `typedIndianMobile`). The input
 * must carry no `maxLength`: the browser would cut "+91 98450 12345" before this sees it.
 */
export function phoneInput<T extends UseFormRegisterReturn>(field: T): T {
  return {
    ...field,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const clean = typedIndianMobile(e.target.value);
      if (clean !== e.target.value) e.target.value = clean;
      return field.onChange(e);
    },
  };
}
