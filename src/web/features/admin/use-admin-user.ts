/**
 * The admin access check every /admin/* screen runs on load: no token or a failed user call goes
 * to /login; any staff role (core/permissions.ts) is let in. A customer sees 'Access denied. Admin
 * privileges required.' and is sent to /profile from the dashboard, or to /admin/dashboard from
 * the others; a staff member on a screen their role may not use ('You need the orders.read
 * permission for this', features/admin/staff-permissions.ts) is sent to /admin/dashboard; one the
 * shop requires two-step sign-in of, still without it, is sent to /admin/security.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../core/api-types';
import { isStaff } from '../../../core/permissions';
import { apiFetch } from '../../lib/api';
import { useAuthStatus } from '../../lib/auth';
import { meQueryKey } from '../account/api';
import { screenPermission } from './staff-permissions';

export const ACCESS_DENIED = 'Access denied. Admin privileges required.';

/** Resolves to the signed-in staff member, or null while checking (and while redirecting away). */
export function useAdminUser(): User | null {
  const status = useAuthStatus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: () => apiFetch<User>('/api/users/me', { auth: true, fallbackMessage: 'Failed to load profile' }),
    enabled: status === 'signed-in',
    retry: false,
  });
  const user = me.data ?? null;
  const denied = user !== null && !isStaff(user.role);
  const needed = user && !denied ? screenPermission(pathname) : null;
  const lacking = user && needed && !user.permissions.includes(needed) ? needed : null;
  // The shop requires two-step sign-in of staff: every screen but My sign-in waits until it is on.
  const enrolFirst = Boolean(user && !denied && user.twoStepSetupRequired && pathname !== '/admin/security');

  useEffect(() => {
    if (status === 'signed-out' || me.isError) {
      void navigate('/login', { replace: true });
    } else if (denied) {
      toast.error(ACCESS_DENIED, { id: 'admin-access-denied' });
      void navigate(pathname === '/admin/dashboard' ? '/profile' : '/admin/dashboard', { replace: true });
    } else if (lacking) {
      toast.error(`You need the ${lacking} permission for this`, { id: 'admin-permission-denied' });
      void navigate('/admin/dashboard', { replace: true });
    } else if (enrolFirst) {
      toast.error('Set up two-step sign-in first (My sign-in)', { id: 'admin-two-step-first' });
      void navigate('/admin/security', { replace: true });
    }
  }, [status, me.isError, denied, lacking, enrolFirst, navigate, pathname]);

  return user && !denied && !lacking && !enrolFirst ? user : null;
}
