import { resetPassword, sendResetCode } from '#web/api/account';
import { EmailCodePage } from '../components/email-code-page';

/** Reset password (docs/product.md §2, §5): email, code with Send, new password; success goes to /account. */
export function ResetPasswordPage() {
  return (
    <EmailCodePage
      texts="reset"
      sendCode={sendResetCode}
      submit={resetPassword}
      asksName={false}
      passwordLabel="field.newPassword"
    />
  );
}
