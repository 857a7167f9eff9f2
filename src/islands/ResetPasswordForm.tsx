import { type SubmitEvent, useEffect, useState } from 'react';
import { friendlyMessage, modelStateOf } from '../lib/api/account.ts';
import { codeFromLink } from '../lib/domain/account-links.ts';
import {
  ACCESS_CODE_LENGTH,
  type FieldErrors,
  MESSAGES,
  normaliseEmailInput,
  validateAccessCode,
  validateLogin,
  validateRegistration,
} from '../lib/domain/account-rules.ts';
import { accountApi } from '../stores/session.ts';
import { buttonClass, Notice, TextField, useFieldForm } from './FormField.tsx';

const link = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * "Forgot password?" (`/app/reset-password`): first the e-mail address, to
 * which a 6-digit code is mailed (the answer never says whether the address
 * has an account); then the code and a new password under the Sign Up form's
 * rules. The mailed link opens the second step with the address and the code
 * filled in.
 */
export function ResetPasswordForm() {
  const [step, setStep] = useState<'ask' | 'reset' | 'done'>('ask');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [done, setDone] = useState('');

  const [linkedCode, setLinkedCode] = useState('');

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const given = query.get('email');
    if (given !== null && given.trim() !== '') {
      setEmail(normaliseEmailInput(given));
      // The reset mail's link carries the code: filled in, the shopper only chooses the password.
      const code = codeFromLink(location.search);
      if (code !== null) {
        setLinkedCode(code);
        setStep('reset');
        // The code leaves the address bar and the history entry once read.
        query.delete('code');
        history.replaceState(history.state, '', `${location.pathname}?${query.toString()}`);
      } else if (query.has('sent')) setStep('reset');
    }
  }, []);

  return (
    <section aria-labelledby="reset-heading" className="mx-auto max-w-md">
      <h1 id="reset-heading" className="mb-6 text-2xl font-extrabold tracking-tight text-brand-900">
        Reset your password
      </h1>
      {step === 'ask' && (
        <AskForCode
          key={email}
          initialEmail={email}
          onSent={(address, message) => {
            setEmail(address);
            setSent(message);
            setStep('reset');
          }}
        />
      )}
      {step === 'reset' && (
        <SetNewPassword
          key={`${email} ${linkedCode}`}
          email={email}
          code={linkedCode}
          sent={sent}
          onAskAgain={() => {
            setSent('');
            setLinkedCode('');
            setStep('ask');
          }}
          onDone={(message) => {
            setDone(message);
            setStep('done');
          }}
        />
      )}
      {step === 'done' && (
        <Notice kind="success">
          <p>{done}</p>
          <p className="mt-2">
            <a href="/app/login" className={link}>
              Sign in
            </a>
          </p>
        </Notice>
      )}
    </section>
  );
}

function AskForCode({
  initialEmail,
  onSent,
}: {
  initialEmail: string;
  onSent: (email: string, message: string) => void;
}) {
  const form = useFieldForm({
    initial: { Email: initialEmail },
    validate: (v) => ({ Email: validateLogin({ Email: normaliseEmailInput(v.Email), Password: '-' }).Email ?? [] }),
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid || pending) return;
    setPending(true);
    setFailure('');
    const email = normaliseEmailInput(form.values.Email);
    try {
      const { Message } = await accountApi.forgotPassword(email);
      onSent(email, Message);
    } catch (err) {
      form.setServerErrors(modelStateOf(err));
      setFailure(friendlyMessage(err));
      setPending(false);
    }
  }

  return (
    <>
      <Notice kind="error">{failure}</Notice>
      <form
        noValidate
        onSubmit={submit}
        onKeyDown={form.onKeyDown}
        aria-label="Ask for a reset code"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <p className="mb-4 text-slate-700">
          Enter the e-mail address you sign in with. We will mail you a {ACCESS_CODE_LENGTH}-digit code to set a new
          password.
        </p>
        <TextField
          id="reset-email"
          label="Email address"
          type="email"
          autoComplete="username"
          required
          binding={form.field('Email')}
        />
        <button type="submit" className={`${buttonClass} w-full`} disabled={!form.valid || pending}>
          {pending ? 'Sending…' : 'Send me a code'}
        </button>
      </form>
      <p className="mt-4 text-center text-slate-700">
        Remembered it?{' '}
        <a href="/app/login" className={link}>
          Sign in
        </a>
      </p>
    </>
  );
}

type ResetFields = 'Code' | 'Password' | 'ConfirmPassword';

function validateReset(v: Record<ResetFields, string>): FieldErrors<ResetFields> {
  const { Email: _email, ...passwords } = validateRegistration({ Email: 'x@y.zz', ...v });
  const code = validateAccessCode(v.Code).Code?.map((m) =>
    m === MESSAGES.accessCodeRequired ? 'Code is required' : m.replace('Access Code', 'Code'),
  );
  return { ...passwords, ...(code === undefined ? {} : { Code: code }) };
}

function SetNewPassword({
  email,
  code,
  sent,
  onAskAgain,
  onDone,
}: {
  email: string;
  /** The code the mail's link carried, or ''. */
  code: string;
  sent: string;
  onAskAgain: () => void;
  onDone: (message: string) => void;
}) {
  const form = useFieldForm<ResetFields>({
    initial: { Code: code, Password: '', ConfirmPassword: '' },
    validate: validateReset,
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
      const { Message } = await accountApi.resetPassword({
        Email: email,
        Code: form.values.Code.trim(),
        Password: form.values.Password,
        ConfirmPassword: form.values.ConfirmPassword,
      });
      onDone(Message);
    } catch (err) {
      form.setServerErrors(modelStateOf(err));
      setFailure(friendlyMessage(err));
      setPending(false);
    }
  }

  return (
    <>
      <Notice kind="success">{sent}</Notice>
      <Notice kind="error">{failure}</Notice>
      <form
        noValidate
        onSubmit={submit}
        onKeyDown={form.onKeyDown}
        aria-label="Set a new password"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <p className="mb-4 text-slate-700">
          For <strong>{email}</strong>.{' '}
          <button type="button" className={link} onClick={onAskAgain}>
            Use another address or send a new code
          </button>
        </p>
        <TextField
          id="reset-code"
          label="Reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ACCESS_CODE_LENGTH + 2}
          hint={`The ${ACCESS_CODE_LENGTH} digits from the e-mail; valid for 10 minutes.`}
          required
          binding={form.field('Code')}
        />
        <TextField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters with a digit, a special character, a lower-case and an upper-case letter."
          required
          binding={form.field('Password')}
        />
        <TextField
          id="reset-confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          binding={form.field('ConfirmPassword')}
        />
        <button type="submit" className={`${buttonClass} w-full`} disabled={!form.valid || pending}>
          {pending ? 'Saving…' : 'Set new password'}
        </button>
      </form>
    </>
  );
}
