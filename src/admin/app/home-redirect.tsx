import { Navigate } from 'react-router';
import { useStaff } from '../api/me';
import { navItemsFor } from './nav-items';

/** /admin opens the first page the role may use, else the staff member's own account. */
export function HomeRedirect() {
  const staff = useStaff();
  return <Navigate to={navItemsFor(staff.role)[0]?.to ?? '/admin/account'} replace />;
}
