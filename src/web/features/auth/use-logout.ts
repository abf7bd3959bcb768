/**
 * Logout: the token is removed, nothing of the shopper stays cached, and the
 * shopper lands on /login.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { logOut } from '../../lib/auth';

/** Returns a function that removes the token, clears the query cache and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return async () => {
    logOut(location.pathname);
    queryClient.clear();
    await navigate('/login', { replace: true });
  };
}
