import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '#web/components/ui/loading';
import { useMe } from '../api/me';
import { LoadError } from '../components/ui/states';
import { ApiError } from '../lib/api-client';
import { useSessionEnded } from '../lib/session';
import { signInPath, twoFactorPath } from '../lib/urls/account';

export const SIGN_IN_PATH = signInPath;
export const TWO_FACTOR_PATH = twoFactorPath;

/**
 * Every console page but sign-in and set-password: without a session (`me` answers 401, or this
 * tab saw its session end), sign-in (which comes back here); an owner who has not enrolled an authenticator goes to the enrolment page first, as the
 * server refuses everything else to that session (`totpRequired`).
 */
export function RequireStaff() {
  const ended = useSessionEnded();
  const location = useLocation();
  const me = useMe();
  const signedOut = me.error instanceof ApiError && me.error.kind === 'unauthorized';
  if (ended || signedOut) {
    return <Navigate to={SIGN_IN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (me.isPending) return <Loading />;
  if (me.isError) return <LoadError error={me.error} retry={() => void me.refetch()} />;
  if (me.data.totpRequired && location.pathname !== TWO_FACTOR_PATH)
    return <Navigate to={TWO_FACTOR_PATH} replace />;
  return <Outlet />;
}
