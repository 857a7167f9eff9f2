import { type SubmitEvent, useEffect, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { normaliseEmailInput, validateLogin } from '../lib/domain/account-rules.ts';
import { loginPathFor, roleForPath } from '../lib/domain/return-to.ts';
import { adoptGuestCart } from '../stores/cart.ts';
import { authorize, forgetReturnPath, login, rememberFullName, returnPath } from '../stores/session.ts';
import { buttonClass, Notice, TextField, useFieldForm } from './FormField.tsx';

/** The password-reset page the "Forgot password?" link opens. */
export const RESET_PAGE = '/app/reset-password';

/**
 * The 'Please sign in' form (spec §2, §5). On success a guest's cart is merged
 * into the account's and the shopper goes back to the page they came from
 * (issue 12), or to the root.
 */
export function LoginForm() {
  const [back, setBack] = useState<string | null>(null);
  // The role of the page that sent a signed-in account here for lack of it (a shopper on a staff page).
  const [lacking, setLacking] = useState<string | null>(null);
  useEffect(() => {
    const path = returnPath();
    setBack(path);
    const role = path === null ? null : roleForPath(path);
    setLacking(role !== null && authorize() && !authorize(role) ? role : null);
  }, []);
  // Addresses are compared in lower case: "Priya.Shopper@Example.com" signs in as typed (issue 13).
  const form = useFieldForm({
    initial: { Email: '', Password: '' },
    validate: (v) => validateLogin({ ...v, Email: normaliseEmailInput(v.Email) }),
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid || pending) return;
    setPending(true);
    setFailure('');
    try {
      const returnTo = returnPath();
      await login(normaliseEmailInput(form.values.Email), form.values.Password, {
        returnTo,
        beforeLeaving: async () => {
          forgetReturnPath();
          await Promise.all([adoptGuestCart(), rememberFullName()]);
        },
      });
    } catch (err) {
      setFailure(friendlyMessage(err));
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="login-heading" className="mx-auto max-w-md">
      <h1 id="login-heading" className="mb-6 text-2xl font-extrabold tracking-tight text-brand-900">
        Please sign in
      </h1>
      <Notice kind="error">{failure}</Notice>
      <Notice kind="success">
        {lacking !== null && (
          <>
            You are signed in, but the page you opened is for {lacking === 'Admin' ? 'admins' : 'staff'}. Sign in with{' '}
            {lacking === 'Admin' ? 'an admin' : 'a staff'} account to open it, or{' '}
            <a href="/" className="font-semibold underline underline-offset-2">
              go back to the shop
            </a>
            .
          </>
        )}
      </Notice>
      <form
        noValidate
        onSubmit={submit}
        onKeyDown={form.onKeyDown}
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <TextField
          id="login-email"
          label="Email address"
          type="email"
          autoComplete="username"
          required
          binding={form.field('Email')}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          binding={form.field('Password')}
        />
        <button type="submit" className={`${buttonClass} w-full`} disabled={!form.valid || pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="mt-4 text-center">
          <a
            href={`${RESET_PAGE}${form.values.Email.trim() === '' ? '' : `?email=${encodeURIComponent(normaliseEmailInput(form.values.Email))}`}`}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            Forgot password?
          </a>
        </p>
      </form>
      <p className="mt-4 text-center text-slate-700">
        New to Aisle?{' '}
        <a
          href={loginPathFor(back, '/app/register')}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Create an account
        </a>
      </p>
    </section>
  );
}
