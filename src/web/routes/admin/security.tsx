/**
 * /admin/security, "My sign-in" (docs/architecture.md#accounts-and-sign-in): the staff member's own
 * two-step sign-in (status, set up, recovery codes, turn off) and where they are signed in, with
 * "Sign out" per session and "Sign out everywhere else". A staff member the shop requires two-step
 * of is sent here until it is on.
 */
import { Link } from 'react-router';
import { adminMeta } from '../../features/admin/admin-meta';
import { SessionsList } from '../../features/auth/sessions-list';
import { TwoStepPanel } from '../../features/auth/two-step-panel';

/** Page title. */
export const meta = () => adminMeta('My sign-in');

/** The "My sign-in" screen. */
export default function AdminSecurity() {
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/dashboard" className="text-sm font-medium text-stone-500 hover:text-brand">
          ← Back to Dashboard
        </Link>
        <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">My sign-in</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">How you sign in to the shop, and the devices you are signed in on.</p>
      </div>
      <section aria-labelledby="two-step" className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="two-step" className="font-semibold text-stone-900">
          Two-step sign-in
        </h2>
        <TwoStepPanel />
      </section>
      <section aria-labelledby="sessions" className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="sessions" className="font-semibold text-stone-900">
          Where you are signed in
        </h2>
        <SessionsList />
      </section>
    </div>
  );
}
