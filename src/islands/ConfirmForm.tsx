import { type SubmitEvent, useEffect, useState } from 'react';
import { friendlyMessage, modelStateOf } from '../lib/api/account.ts';
import { codeFromLink, userIdFromConfirmPath } from '../lib/domain/account-links.ts';
import { ACCESS_CODE_LENGTH, validateAccessCode } from '../lib/domain/account-rules.ts';
import { loginPathFor } from '../lib/domain/return-to.ts';
import { adoptGuestCart } from '../stores/cart-sync.ts';
import { accountApi, forgetReturnPath, rememberFullName, returnPath, signInWithToken } from '../stores/session.ts';
import { buttonClass, Notice, TextField, useFieldForm } from './FormField.tsx';

/**
 * The 'Please Enter Access Code' form of `/confirm/{userid}` (spec §2, §5). One
 * page serves every user id, so the id is read from the address in the browser.
 * The mailed link carries the code (`?code=…`): the form fills it in and submits
 * it by itself, so the shopper types nothing. Shows the server's reply, whether
 * it confirmed the address or not.
 */
export function ConfirmForm() {
  const form = useFieldForm({ initial: { Code: '' }, validate: (v) => validateAccessCode(v.Code) });
  // undefined until the address has been read in the browser.
  const [userId, setUserId] = useState<number | null | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [reply, setReply] = useState<{ ok: boolean; text: string; signedIn?: boolean } | null>(null);
  const [resend, setResend] = useState<{ pending: boolean; text: string; ok: boolean }>({
    pending: false,
    text: '',
    ok: true,
  });

  async function sendNewCode() {
    if (resend.pending || typeof userId !== 'number') return;
    setResend({ pending: true, text: '', ok: true });
    try {
      const { Message } = await accountApi.resendCode(userId);
      setResend({ pending: false, text: Message, ok: true });
      setReply(null);
    } catch (err) {
      setResend({ pending: false, text: friendlyMessage(err), ok: false });
    }
  }

  // The page the shopper came from before registering, carried to sign-in (issue 12).
  const [back, setBack] = useState<string | null>(null);

  async function confirm(id: number, code: string) {
    setPending(true);
    setReply(null);
    try {
      // Issue 37: the confirmed code signs a shopper in; the page then goes where sign-in would.
      const { text, token } = await accountApi.confirmAndSignIn(id, code);
      setReply({ ok: true, text, signedIn: token !== null });
      if (token !== null) {
        await signInWithToken(token, {
          returnTo: returnPath(),
          beforeLeaving: async () => {
            forgetReturnPath();
            await Promise.all([adoptGuestCart(), rememberFullName()]);
          },
        });
      }
    } catch (err) {
      const fields = modelStateOf(err);
      const codeMessages = Object.entries(fields)
        .filter(([name]) => name.toLowerCase() === 'code')
        .flatMap(([, messages]) => messages);
      if (codeMessages.length > 0) form.setServerErrors({ Code: codeMessages });
      setReply({ ok: false, text: friendlyMessage(err) });
    } finally {
      setPending(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is read once, when the page opens
  useEffect(() => {
    const id = userIdFromConfirmPath(location.pathname);
    setUserId(id);
    setBack(returnPath());
    const linked = codeFromLink(location.search);
    if (linked === null) return;
    // The code leaves the address bar and the history entry once read.
    history.replaceState(history.state, '', location.pathname);
    form.reset({ Code: linked });
    if (id !== null) void confirm(id, linked);
  }, []);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid || pending || typeof userId !== 'number') return;
    await confirm(userId, form.values.Code.trim());
  }

  const confirmed = reply?.ok === true;
  return (
    <section aria-labelledby="confirm-heading" className="mx-auto max-w-md">
      <h1 id="confirm-heading" className="mb-6 text-2xl font-extrabold tracking-tight text-brand-900">
        {confirmed ? 'Your e-mail address is confirmed' : 'Please Enter Access Code'}
      </h1>
      <Notice kind="error">
        {userId === null
          ? 'This confirmation address is incomplete: open the link from your registration e-mail, which ends in your user number (/confirm/123).'
          : reply?.ok === false
            ? reply.text
            : ''}
      </Notice>
      <Notice kind="success">
        {confirmed && (
          <>
            <p>{reply.text}</p>
            {reply.signedIn === true ? (
              <p className="mt-2">Taking you back to the shop…</p>
            ) : (
              <p className="mt-2">
                <a href={loginPathFor(back)} className="font-semibold text-brand-800 underline underline-offset-2">
                  Sign in
                </a>
              </p>
            )}
          </>
        )}
      </Notice>
      {!confirmed && (
        <form
          noValidate
          onSubmit={submit}
          onKeyDown={form.onKeyDown}
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <TextField
            id="confirm-code"
            label="Access Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={ACCESS_CODE_LENGTH + 2}
            hint={`The ${ACCESS_CODE_LENGTH} digits from the e-mail we sent when you registered.`}
            required
            binding={form.field('Code')}
          />
          <button
            type="submit"
            className={`${buttonClass} w-full`}
            disabled={!form.valid || pending || typeof userId !== 'number'}
          >
            {pending ? 'Confirming…' : 'Confirm My Email'}
          </button>
          <div className="mt-4 border-t border-slate-200 pt-4 text-slate-700">
            <p className="mb-2 text-sm">No mail, or the code has expired?</p>
            <button
              type="button"
              className="font-semibold text-brand-800 underline underline-offset-2"
              aria-disabled={resend.pending || typeof userId !== 'number'}
              onClick={() => void sendNewCode()}
            >
              {resend.pending ? 'Sending…' : 'Send a new code'}
            </button>
            <p role="status" className={`mt-2 text-sm ${resend.ok ? 'text-brand-900' : 'text-red-700'}`}>
              {resend.text}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
