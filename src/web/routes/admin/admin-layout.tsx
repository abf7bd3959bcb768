/**
 * Layout of every /admin/* screen: checks the current user first and renders
 * the screen only for an admin. Admin screens are browser-only and kept out of search engines.
 */
import { useEffect } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import type { User } from '../../../core/api-types';
import { AdminShell } from '../../components/layout/admin-shell';
import { PageLoader } from '../../components/ui/spinner';
import { useAdminUser } from '../../features/admin/use-admin-user';
import { mountToaster } from '../../lib/toast';

/** No indexing for the admin area. */
export function meta() {
  return [{ title: 'Admin | Rangmanch' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** The checked admin, for the screens inside this layout. */
export function useAdmin(): User {
  return useOutletContext<{ user: User }>().user;
}

/**
 * Renders the admin frame once the current user is known to be an admin. Admin screens call
 * react-hot-toast directly, so the layout mounts its Toaster (root.tsx) straight away.
 */
export default function AdminLayout() {
  const user = useAdminUser();
  useEffect(mountToaster, []);
  if (!user) return <PageLoader text="Checking access..." />;
  return (
    <AdminShell user={user}>
      <Outlet context={{ user }} />
    </AdminShell>
  );
}
