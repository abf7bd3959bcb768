/**
 * Sends visitors without a token to /login from signed-in pages, remembering where they were going.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { savePostLoginAction, takeLoggedOutFrom, useAuthStatus, type AuthStatus } from '../../lib/auth';

/** Redirects to /login once the browser knows there is no token; returns the auth status. */
export function useRequireAuth(options: { resumeTo?: string } = {}): AuthStatus {
  const status = useAuthStatus();
  const navigate = useNavigate();
  const location = useLocation();
  const { resumeTo } = options;
  useEffect(() => {
    if (status !== 'signed-out') return;
    if (resumeTo && !takeLoggedOutFrom(location.pathname))
      savePostLoginAction({ type: 'navigate', payload: { to: resumeTo }, returnTo: location.pathname });
    void navigate('/login', { replace: true });
  }, [status, navigate, resumeTo, location.pathname]);
  return status;
}
