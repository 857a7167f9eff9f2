import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { friendlyMessage, modelStateOf } from '../lib/api/account.ts';
import { normaliseEmailInput, validateRegistration } from '../lib/domain/account-rules.ts';
import type { RegisterResultDto } from '../lib/domain/auth.ts';
import { loginPathFor } from '../lib/domain/return-to.ts';
import { accountApi, returnPath } from '../stores/session.ts';
import { buttonClass, Notice, TextField, useFieldForm } from './FormField.tsx';

const FIELDS = ['Email', 'Password', 'ConfirmPassword'] as const;

/**
 * The 'Sign Up' form (spec §2, §5); afterwards it tells the user to check their
 * mail, whose link confirms the address (the answer is the same for an address
 * that already has an account, whose owner is mailed instead).
 */
export function RegisterForm() {
  const form = useFieldForm({
    initial: { Email: '', Password: '', ConfirmPassword: '' },
    validate: (v) => validateRegistration({ ...v, Email: normaliseEmailInput(v.Email) }),
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState<{ result: RegisterResultDto; email: string } | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  // The page the shopper came from, carried to sign-in (issue 12).
  const [back, setBack] = useState<string | null>(null);
  useEffect(() => setBack(returnPath()), []);

  useEffect(() => {
    if (done !== null) doneHeading.current?.focus();
  }, [done]);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid || pending) return;
    setPending(true);
    setFailure('');
    try {
      const result = await accountApi.register({ ...form.values, Email: normaliseEmailInput(form.values.Email) });
      setDone({ result, email: normaliseEmailInput(form.values.Email) });
    } catch (err) {
      const fields = modelStateOf(err);
      form.setServerErrors(fields);
      const elsewhere = Object.keys(fields).filter((f) => !(FIELDS as readonly string[]).includes(f));
      setFailure(
        Object.keys(fields).length > 0 && elsewhere.length === 0
          ? 'Please correct the fields marked below.'
          : friendlyMessage(err),
      );
    } finally {
      setPending(false);
    }
  }

  if (done !== null) {
    return (
      <section aria-labelledby="register-done-heading" className="mx-auto max-w-md">
        <h1
          id="register-done-heading"
          ref={doneHeading}
          tabIndex={-1}
          className="mb-4 text-2xl font-extrabold tracking-tight text-brand-900 focus:outline-none"
        >
          Check your mail
        </h1>
        <div role="status" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="mb-3">
            We have sent a mail to <strong>{done.email}</strong>. Open the link in it to confirm your e-mail address;
            then you can sign in.
          </p>
          <p className="mb-3 text-sm text-slate-700">{done.result.Message}</p>
          <p className="text-sm text-slate-700">
            No mail after a few minutes? Look in the spam folder, or sign up again with the same address.
          </p>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="register-heading" className="mx-auto max-w-md">
      <h1 id="register-heading" className="mb-6 text-2xl font-extrabold tracking-tight text-brand-900">
        Sign Up
      </h1>
      <Notice kind="error">{failure}</Notice>
      <form
        noValidate
        onSubmit={submit}
        onKeyDown={form.onKeyDown}
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <TextField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          binding={form.field('Email')}
        />
        <TextField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters, with a digit, a special character, a lower-case and an upper-case letter."
          required
          binding={form.field('Password')}
        />
        <TextField
          id="register-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          binding={form.field('ConfirmPassword')}
        />
        <button type="submit" className={`${buttonClass} w-full`} disabled={!form.valid || pending}>
          {pending ? 'Signing up…' : 'Sign Up'}
        </button>
      </form>
      <p className="mt-4 text-center text-slate-700">
        Already registered?{' '}
        <a href={loginPathFor(back)} className="font-semibold text-brand-800 underline underline-offset-2">
          Sign in
        </a>
      </p>
    </section>
  );
}
