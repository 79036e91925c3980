import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignedIn } from '#web/lib/auth';
import type { SignInIntent } from '#web/lib/sign-in-intent';

/**
 * Screens only a signed-in shopper sees: a visitor is sent to /account (docs/product.md §2, §6),
 * and comes back to the screen once signed in.
 */
export function RequireUser() {
  const { pathname, search, hash } = useLocation();
  const intent: SignInIntent = { path: `${pathname}${search}${hash}` };
  return useSignedIn() ? <Outlet /> : <Navigate to="/account" replace state={{ intent }} />;
}
