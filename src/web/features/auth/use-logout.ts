/**
 * Logout: the server ends this device's session (docs/architecture.md#accounts-and-sign-in), the
 * token is removed, nothing of the shopper stays cached, and the shopper lands on /login.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { logOut } from '../../lib/auth';
import { logoutSession } from './api';

/** Returns a function that ends the session, removes the token, clears the query cache and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return async () => {
    // Ended on the server first, while the token is still here; signing out never waits on a failure.
    await logoutSession().catch(() => undefined);
    logOut(location.pathname);
    queryClient.clear();
    await navigate('/login', { replace: true });
  };
}
