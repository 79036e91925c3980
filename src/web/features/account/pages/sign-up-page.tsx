import { register, sendSignUpCode } from '#web/api/account';
import { EmailCodePage } from '../components/email-code-page';

/** Sign up (docs/product.md §2, §5): email, code with Send, name, password; success goes to /account. */
export function SignUpPage() {
  return (
    <EmailCodePage
      texts="signUp"
      sendCode={sendSignUpCode}
      submit={({ name = '', ...form }) => register({ ...form, name })}
      asksName
      passwordLabel="field.password"
    />
  );
}
