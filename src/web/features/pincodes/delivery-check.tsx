/**
 * The product page's "Check delivery": a pincode in; "Delivery by Thu, 27 Nov" and
 * whether Cash on Delivery is available out, from GET /api/pincodes/{pincode}. The last pincode
 * checked is kept in localStorage (`apparel-store.pincode`) and checked again on the next product
 * page; it is read in an effect, after hydration, so the server's HTML and the first render agree.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isWellFormedPincode, type PincodeCheck } from '../../../core/pincode-check';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { fetchPincode, formatDeliveryDate } from './api';

export const PINCODE_STORAGE_KEY = 'apparel-store.pincode';
const INVALID = 'Please enter a valid 6-digit pincode';

function remembered(): string {
  try {
    return window.localStorage.getItem(PINCODE_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(pincode: string) {
  try {
    window.localStorage.setItem(PINCODE_STORAGE_KEY, pincode);
  } catch {
    // Storage refused (private mode, quota): the check still works, it is just not remembered.
  }
}

/** The delivery check box; shows the answer for the typed (or remembered) pincode. */
export function DeliveryCheck() {
  const [pincode, setPincode] = useState('');
  const [state, setState] = useState<
    { status: 'idle' | 'checking' } | { status: 'done'; result: PincodeCheck } | { status: 'error'; message: string }
  >({
    status: 'idle',
  });
  const controller = useRef<AbortController | null>(null);

  const check = async (value: string) => {
    if (!isWellFormedPincode(value)) {
      setState({ status: 'error', message: INVALID });
      return;
    }
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setState({ status: 'checking' });
    try {
      const result = await fetchPincode(value, ctrl.signal);
      remember(value);
      setState({ status: 'done', result });
    } catch (error) {
      if (ctrl.signal.aborted) return;
      setState({ status: 'error', message: errorMessage(error, 'Could not check this pincode') });
    }
  };

  useEffect(() => {
    const saved = remembered();
    if (isWellFormedPincode(saved)) {
      setPincode(saved);
      void check(saved);
    }
    return () => controller.current?.abort();
    // Once, after hydration: the remembered pincode is the browser's, never the server's.
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(pincode);
  };

  return (
    <section aria-labelledby="delivery-check-heading" className="rounded-lg border border-stone-200 p-4">
      <h2 id="delivery-check-heading" className="text-sm font-semibold uppercase tracking-wider text-stone-900">
        Check delivery
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex items-start gap-2" aria-label="Check delivery">
        <Input
          label="Pincode"
          className="flex-1 [&_label]:sr-only"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="Enter pincode"
          maxLength={6}
          value={pincode}
          error={state.status === 'error' ? state.message : undefined}
          onChange={(e) => setPincode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <Button type="submit" variant="outline" loading={state.status === 'checking'}>
          Check
        </Button>
      </form>
      <div aria-live="polite" className="mt-3 space-y-1 text-sm">
        {state.status === 'done' ? <DeliveryAnswer result={state.result} /> : null}
      </div>
    </section>
  );
}

function DeliveryAnswer({ result }: { result: PincodeCheck }) {
  const place = `${result.district}, ${result.state}`;
  if (!result.serviceable || !result.estimatedDelivery) {
    return (
      <p className="font-medium text-red-700">
        Sorry, we do not deliver to {result.pincode} ({place}) yet.
      </p>
    );
  }
  return (
    <>
      <p className="font-medium text-stone-900">
        Delivery by {formatDeliveryDate(result.estimatedDelivery.to)}
        <span className="font-normal text-stone-500"> to {place}</span>
      </p>
      <p className={result.cod ? 'text-emerald-700' : 'text-stone-600'}>
        {result.cod ? 'Cash on Delivery available' : 'Cash on Delivery not available'}
      </p>
    </>
  );
}
