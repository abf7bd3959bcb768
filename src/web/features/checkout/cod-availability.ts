/**
 * The refused-COD rule for the signed-in shopper (docs/architecture.md#cash-on-delivery): GET
 * /api/payments/cod/availability says why Cash on Delivery is not offered (COD orders of this
 * account, phone or e-mail refused at delivery, at the settings' limit), so the checkout shows the
 * reason before the shopper chooses. Placing the order checks it again.
 */
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { useIsSignedIn } from '../../lib/auth';

/** Why COD is not offered to this shopper, or null (also while loading or on a failed call: the server decides). */
export function useCodRefusedReason(): string | null {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    queryKey: ['cod-availability'],
    queryFn: () => apiFetch<{ refused: number; reason: string | null }>('/api/payments/cod/availability', { auth: true }),
    enabled: signedIn,
    staleTime: 60_000,
  });
  return query.data?.reason ?? null;
}
