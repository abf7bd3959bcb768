/**
 * Address forms (checkout, profile): as a valid 6-digit pincode is typed, asks the server where it
 * is and fills the state (always, when different: the server refuses a pincode of another state)
 * and the city (when empty, or still holding what an earlier pincode filled in; a city the
 * shopper typed is kept). Gives a hint ('Central Delhi, Delhi') or, for an unknown pincode, the
 * server's 404 message to show under the field. Other failures stay silent: the form still works.
 */
import { useEffect, useRef, useState } from 'react';
import { isWellFormedPincode } from '../../../core/pincode-check';
import { ApiRequestError } from '../../lib/api';
import { fetchPincode } from './api';

/** How the hook reads and writes the form's city and state. */
export interface AddressTarget {
  getCity(): string;
  getState(): string;
  setCity(city: string): void;
  setState(state: string): void;
}

/** Looks `pincode` up when it is a valid pincode and fills `target`; returns the hint or the error. */
export function usePincodeAutofill(pincode: string, target: AddressTarget): { hint?: string; error?: string } {
  const [result, setResult] = useState<{ pincode: string; hint?: string; error?: string } | null>(null);
  const targetRef = useRef(target);
  targetRef.current = target;
  const lastFilledCity = useRef('');

  useEffect(() => {
    if (!isWellFormedPincode(pincode)) return;
    const controller = new AbortController();
    fetchPincode(pincode, controller.signal)
      .then((place) => {
        const t = targetRef.current;
        const city = t.getCity().trim();
        if (!city || city === lastFilledCity.current) t.setCity(place.district);
        lastFilledCity.current = place.district;
        if (t.getState() !== place.state) t.setState(place.state);
        setResult({ pincode, hint: `${place.district}, ${place.state}` });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ pincode, error: error instanceof ApiRequestError && error.status === 404 ? error.message : undefined });
      });
    return () => controller.abort();
  }, [pincode]);

  return result && result.pincode === pincode ? { hint: result.hint, error: result.error } : {};
}
