/**
 * The profile's store credit section: the shopper's balance and its history, newest first
 * (docs/architecture.md#store-credit).
 */
import { formatINR } from '../../../core/money';
import { StoreCreditHistory } from '../../components/store-credit-history';
import { useStoreCreditAccount } from './api';

/** The profile's store credit section: nothing until the shopper has had credit. */
export function StoreCreditSection() {
  const account = useStoreCreditAccount().data;
  if (!account || (account.balance === 0 && account.history.length === 0)) return null;
  return (
    <section aria-labelledby="store-credit-heading" className="rounded-xl border border-stone-200 bg-white p-5 sm:p-8">
      <h2 id="store-credit-heading" className="font-display text-xl font-semibold text-stone-900">
        Store credit
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-600">
        <strong className="text-2xl font-semibold text-stone-900" data-testid="store-credit-balance">
          {formatINR(account.balance)}
        </strong>{' '}
        available to spend at checkout.
      </p>
      <StoreCreditHistory history={account.history} />
    </section>
  );
}
