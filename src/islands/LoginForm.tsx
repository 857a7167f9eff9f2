import { lazy, type SubmitEvent, Suspense, useEffect, useState } from 'react';
import { friendlyMessage, type MfaAsk, mfaAskOf } from '../lib/api/account.ts';
import { ServiceError } from '../lib/api/errors.ts';
import { normaliseEmailInput, validateLogin } from '../lib/domain/account-rules.ts';
import { MFA_MESSAGES } from '../lib/domain/mfa.ts';
import { loginPathFor, roleForPath } from '../lib/domain/return-to.ts';
import { adoptGuestCart } from '../stores/cart-sync.ts';
import { authorize, forgetReturnPath, login, rememberFullName, returnPath } from '../stores/session.ts';
import { Spinner } from './AuthGate.tsx';
import { buttonClass, Notice, TextField, useFieldForm } from './FormField.tsx';

// Loaded only when a staff sign-in must set its second factor up: every other sign-in does without the QR code.
const MfaSetup = lazy(() => import('./MfaSetup.tsx').then((m) => ({ default: m.MfaSetup })));

/** The password-reset page the "Forgot password?" link opens. */
export const RESET_PAGE = '/app/reset-password';

/**
 * The 'Please sign in' form (spec §2, §5). On success a guest's cart is merged
 * into the account's and the shopper goes back to the page they came from
 * (issue 12), or to the root. A code field shows only when the server asks for
 * the second factor; a staff account the shop requires one of, and that has
 * none, sets it up here first.
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
  // What the server asked for after a right password: a code, or the second factor's setup.
  const [ask, setAsk] = useState<MfaAsk | null>(null);
  const [asked, setAsked] = useState('');
  // Addresses are compared in lower case: "Priya.Shopper@Example.com" signs in as typed (issue 13).
  const form = useFieldForm({
    initial: { Email: '', Password: '', Code: '' },
    validate: ({ Code, ...v }) => ({
      ...validateLogin({ ...v, Email: normaliseEmailInput(v.Email) }),
      ...(ask?.kind === 'code' && Code.trim() === '' ? { Code: [MFA_MESSAGES.codeFieldRequired] } : {}),
    }),
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid || pending) return;
    setPending(true);
    setFailure('');
    const otp = ask?.kind === 'code' ? form.values.Code.trim() : undefined;
    try {
      const returnTo = returnPath();
      await login(normaliseEmailInput(form.values.Email), form.values.Password, {
        returnTo,
        otp,
        beforeLeaving: async () => {
          forgetReturnPath();
          await Promise.all([adoptGuestCart(), rememberFullName()]);
        },
      });
    } catch (err) {
      const next = mfaAskOf(err);
      const message = friendlyMessage(err);
      setAsk(next);
      // The first question is a step, not a failure; a wrong code is one.
      if (next !== null && otp === undefined) {
        setAsked(err instanceof ServiceError ? err.serverMessage : message);
      } else {
        setAsked('');
        setFailure(message);
      }
      setPending(false);
    }
  }

  if (ask?.kind === 'setup') {
    return (
      <section aria-labelledby="login-heading" className="mx-auto max-w-2xl">
        <h1 id="login-heading" className="mb-6 text-2xl font-extrabold tracking-tight text-brand-900">
          Please sign in
        </h1>
        <Notice kind="success">{asked}</Notice>
        <Suspense fallback={<Spinner label="Preparing your second factor…" />}>
          <MfaSetup
            setupToken={ask.setupToken}
            onEnabled={(message) => {
              setAsk({ kind: 'code' });
              setAsked(`${message} Enter the next code your app shows to sign in.`);
            }}
            onCancel={() => {
              setAsk(null);
              setAsked('');
            }}
          />
        </Suspense>
      </section>
    );
  }

  return (
    <section aria-labelledby="login-heading" className="mx-auto max-w-md">
      <h1 id="login-heading" className="mb-6 text-2xl font-extrabold tracking-tight text-brand-900">
        Please sign in
      </h1>
      <Notice kind="error">{failure}</Notice>
      <Notice kind="success">{asked}</Notice>
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
        {ask?.kind === 'code' && (
          <TextField
            id="login-code"
            label="Code"
            autoComplete="one-time-code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            required
            binding={form.field('Code')}
          />
        )}
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
