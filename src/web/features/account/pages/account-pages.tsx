import { Outlet } from 'react-router';
import '../account.css';

export { ResetPasswordPage } from './reset-password-page';
export { SignInPage } from './sign-in-page';
export { SignUpPage } from './sign-up-page';

/** The sign-in layout (docs/product.md §2): its children are sign in, sign up and reset password. */
export function AccountLayout() {
  return (
    <div className="account-layout">
      <div className="account-card">
        <Outlet />
      </div>
    </div>
  );
}
