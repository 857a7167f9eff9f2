import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { encode } from 'uqr';
import { friendlyMessage, type MfaSetupDto, modelStateOf } from '../lib/api/account.ts';
import { MFA_MESSAGES } from '../lib/domain/mfa.ts';
import { accountApi } from '../stores/session.ts';
import { Spinner } from './AuthGate.tsx';
import { buttonClass, Notice, TextField, useFieldForm } from './FormField.tsx';

/** The otpauth URL as a QR code: one SVG path of dark modules, drawn by React (no inline markup for the CSP). */
function QrCode({ text }: { text: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 rounded-lg bg-white ring-1 ring-slate-200"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

/** The key in groups of four, as authenticator apps show typed keys. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Sets up the staff second factor: asks the server for a new secret (with the
 * sign-in's setup token on the login page, as the signed-in account on My
 * Profile), shows it as a QR code, as a key to type and as an otpauth link, and
 * the recovery codes once; then turns it on with a code from the app.
 */
export function MfaSetup({
  setupToken,
  onEnabled,
  onCancel,
}: {
  setupToken?: string;
  onEnabled: (message: string) => void;
  onCancel?: () => void;
}) {
  const [setup, setSetup] = useState<MfaSetupDto | null>(null);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const started = useRef(false);
  const form = useFieldForm({
    initial: { Code: '' },
    validate: (v) => (v.Code.trim() === '' ? { Code: [MFA_MESSAGES.codeFieldRequired] } : {}),
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    accountApi.mfaSetup(setupToken).then(setSetup, (err: unknown) => setFailure(friendlyMessage(err)));
  }, [setupToken]);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid || pending) return;
    setPending(true);
    setFailure('');
    try {
      onEnabled((await accountApi.mfaEnable(form.values.Code.trim(), setupToken)).Message);
    } catch (err) {
      const byField = modelStateOf(err);
      form.setServerErrors(byField);
      setFailure(byField.Code === undefined ? friendlyMessage(err) : '');
      setPending(false);
    }
  }

  if (setup === null) {
    return failure === '' ? <Spinner label="Preparing your second factor…" /> : <Notice kind="error">{failure}</Notice>;
  }
  return (
    <section aria-labelledby="mfa-setup-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="mfa-setup-heading" className="mb-4 text-xl font-bold text-brand-900">
        Set up your second factor
      </h2>
      <Notice kind="error">{failure}</Notice>
      <ol className="space-y-5 text-slate-800">
        <li>
          <p className="mb-2">
            1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
            1Password), or type the key into it.
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <QrCode text={setup.OtpAuthUrl} />
            <div>
              <p className="text-sm text-slate-600">Key</p>
              <code data-testid="mfa-secret" className="font-mono text-lg tracking-wide">
                {grouped(setup.Secret)}
              </code>
              <p className="mt-2">
                <a href={setup.OtpAuthUrl} className="font-semibold text-brand-800 underline underline-offset-2">
                  Open in an authenticator app on this device
                </a>
              </p>
            </div>
          </div>
        </li>
        <li>
          <p className="mb-2">
            2. Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they are
            shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono sm:grid-cols-5">
            {setup.RecoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </li>
        <li>
          <p className="mb-2">3. Enter the 6-digit code the app shows for Aisle.</p>
          <form noValidate onSubmit={submit} onKeyDown={form.onKeyDown} aria-label="Turn on the second factor">
            <TextField
              id="mfa-setup-code"
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              binding={form.field('Code')}
            />
            <div className="flex gap-3">
              <button type="submit" className={buttonClass} disabled={pending}>
                {pending ? 'Turning on…' : 'Turn on'}
              </button>
              {onCancel !== undefined && (
                <button type="button" className="font-semibold text-brand-800 underline" onClick={onCancel}>
                  Cancel
                </button>
              )}
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}
