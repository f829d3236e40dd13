import { UI_TEXT, type Role } from '@agro/shared';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '@/store/store';
import { AccessDeniedPage } from '@/features/errors/access-denied-page';
import { showToast } from '@/lib/toast';

interface RouteGuardProps {
  roles: readonly Role[];
  children: ReactNode;
}

function LoginRedirect() {
  useEffect(() => {
    showToast('error', UI_TEXT.loginToContinue, { id: 'login-to-continue' });
  }, []);
  return <Navigate to="/login" replace />;
}

/**
 * SPEC.md section 2: not logged in -> toast and /login; wrong role -> 'Access Denied !'.
 * Convenience only: the server enforces the same rules.
 */
export function RouteGuard({ roles, children }: RouteGuardProps) {
  const { isLoggedIn, role } = useAppSelector((s) => s.auth);
  if (!isLoggedIn) return <LoginRedirect />;
  if (!role || !roles.includes(role)) return <AccessDeniedPage />;
  return <>{children}</>;
}
