import { Navigate, Outlet } from 'react-router';
import { useSignedIn } from '#web/lib/auth';

/** Screens only a signed-in shopper sees: a visitor is sent to /account (docs/product.md §2, §6). */
export function RequireUser() {
  return useSignedIn() ? <Outlet /> : <Navigate to="/account" replace />;
}
