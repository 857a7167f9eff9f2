import { useStore } from '@nanostores/react';
import { lazy, type SubmitEvent, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { friendlyMessage, type MfaStatusDto, modelStateOf, type ProfileEdit } from '../lib/api/account.ts';
import { ServiceError } from '../lib/api/errors.ts';
import { tidyPostalCode, validateProfile } from '../lib/domain/account-rules.ts';
import type { EmployeeDto, EndUserDto } from '../lib/domain/auth.ts';
import { MFA_MESSAGES } from '../lib/domain/mfa.ts';
import { CART_CHANGED_EVENT } from '../page-scripts/page-events.ts';
import { $user, accountApi, LOGIN_PATH, setFullName } from '../stores/session.ts';
import { Spinner } from './AuthGate.tsx';
import { buttonClass, Notice, ReadOnlyField, TextField, useFieldForm } from './FormField.tsx';

// Loaded when a staff member sets a second factor up: shoppers' profiles never load the QR code.
const MfaSetup = lazy(() => import('./MfaSetup.tsx').then((m) => ({ default: m.MfaSetup })));

/** Spec §9: the spinner stays this long after the data has arrived. */
const SPINNER_DELAY_MS = 200;

/** The signed-in account as both profile pages need it, whether an end user or an employee. */
interface Account {
  kind: 'user' | 'employee';
  id: number;
  email: string;
  roles: string[];
  values: Required<ProfileEdit>;
}

function fromUser(dto: EndUserDto, roles: string[]): Account {
  return {
    kind: 'user',
    id: dto.EndUserId,
    email: dto.Email,
    roles,
    values: {
      FullName: dto.FullName,
      Phone: dto.Phone,
      AddressLine1: dto.AddressLine1,
      AddressLine2: dto.AddressLine2,
      City: dto.City,
      State: dto.State,
      PostalCode: dto.PostalCode,
    },
  };
}

function fromEmployee(dto: EmployeeDto): Account {
  return {
    kind: 'employee',
    id: dto.EmployeeId,
    email: dto.Email,
    roles: dto.Roles,
    values: {
      FullName: dto.FullName,
      Phone: dto.Phone,
      AddressLine1: '',
      AddressLine2: '',
      City: '',
      State: '',
      PostalCode: '',
    },
  };
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string; signIn: boolean }
  | { state: 'ready'; account: Account };

const FIELDS = {
  profile: ['FullName', 'Phone'],
  address: ['AddressLine1', 'AddressLine2', 'City', 'State', 'PostalCode'],
} as const;

type Section = keyof typeof FIELDS;

/**
 * My Profile (name, phone, e-mail shown read-only) and My Address (delivery
 * address) of the signed-in account. Employees are read and saved through the
 * Employee calls, everyone else through the User calls, and set up or turn off
 * their second factor under My Profile. Place it inside an `AuthGate`.
 */
export function ProfileApp({ section }: { section: Section }) {
  const user = useStore($user);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Only the latest request may set the state (the token can change while one is under way).
  const latest = useRef(0);
  const id = user === null ? Number.NaN : Number(user.id);
  const isEmployee = user?.roles.includes('Employee') ?? false;
  const roles = user?.roles.join(',') ?? '';

  const fetchAccount = useCallback(async () => {
    const request = ++latest.current;
    const settle = (next: Load) => {
      if (request === latest.current) setLoad(next);
    };
    if (!Number.isSafeInteger(id) || id <= 0) {
      settle({
        state: 'failed',
        message: 'Your sign-in does not name an account. Please sign in again.',
        signIn: true,
      });
      return;
    }
    setLoad({ state: 'loading' });
    try {
      const account = isEmployee
        ? fromEmployee(await accountApi.employeeDetails(id))
        : fromUser(await accountApi.userDetails(id), roles === '' ? [] : roles.split(','));
      await new Promise((resolve) => setTimeout(resolve, SPINNER_DELAY_MS));
      settle({ state: 'ready', account });
    } catch (err) {
      settle({
        state: 'failed',
        message: friendlyMessage(err),
        signIn: err instanceof ServiceError && err.status === 401,
      });
    }
  }, [id, isEmployee, roles]);

  useEffect(() => {
    void fetchAccount();
    return () => {
      latest.current++;
    };
  }, [fetchAccount]);

  if (load.state === 'loading') return <Spinner label="Loading your details…" />;
  if (load.state === 'failed') {
    return (
      <div>
        <Notice kind="error">{load.message}</Notice>
        {load.signIn ? (
          <a href={LOGIN_PATH} className={buttonClass}>
            Sign in again
          </a>
        ) : (
          <button type="button" className={buttonClass} onClick={() => void fetchAccount()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  const { account } = load;
  if (section === 'address' && account.kind === 'employee') {
    return (
      <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
        Delivery addresses belong to customer accounts; a staff account keeps a name and a phone number, which you can
        change under{' '}
        <a href="/app/profile/my-profile" className="font-semibold text-brand-800 underline underline-offset-2">
          My Profile
        </a>
        .
      </p>
    );
  }
  return (
    <>
      <ProfileForm
        key={`${account.kind}:${account.id}`}
        section={section}
        account={account}
        onSaved={(saved) => {
          setLoad({ state: 'ready', account: saved });
          // The header shows the full name: the first-paint script reads it from storage.
          setFullName(saved.values.FullName);
          window.dispatchEvent(new Event(CART_CHANGED_EVENT));
        }}
      />
      {section === 'profile' && account.kind === 'employee' && <SecondFactor />}
    </>
  );
}

/** A staff member's second factor: its state, setting it up, turning it off with a code. */
function SecondFactor() {
  const [status, setStatus] = useState<MfaStatusDto | null>(null);
  const [setting, setSetting] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [pending, setPending] = useState(false);
  const form = useFieldForm({
    initial: { Code: '' },
    validate: (v) => (v.Code.trim() === '' ? { Code: [MFA_MESSAGES.codeFieldRequired] } : {}),
  });

  const reload = useCallback(async () => {
    try {
      setStatus(await accountApi.mfaStatus());
    } catch (err) {
      setFailure(friendlyMessage(err));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  async function turnOff(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid || pending) return;
    setPending(true);
    setFailure('');
    try {
      setDone((await accountApi.mfaDisable(form.values.Code.trim())).Message);
      form.reset({ Code: '' });
      await reload();
    } catch (err) {
      const byField = modelStateOf(err);
      form.setServerErrors(byField);
      setFailure(byField.Code === undefined ? friendlyMessage(err) : '');
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="second-factor-heading" className="mt-8 max-w-2xl">
      <h2 id="second-factor-heading" className="mb-3 text-xl font-bold text-brand-900">
        Second factor
      </h2>
      <Notice kind="error">{failure}</Notice>
      <Notice kind="success">{done}</Notice>
      {status === null ? null : setting ? (
        <Suspense fallback={<Spinner label="Preparing your second factor…" />}>
          <MfaSetup
            onEnabled={(message) => {
              setSetting(false);
              setDone(message);
              void reload();
            }}
            onCancel={() => setSetting(false)}
          />
        </Suspense>
      ) : status.Enabled ? (
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="mb-4 text-slate-800">
            Your sign-ins ask for a code from your authenticator app. You have {status.RecoveryCodesLeft} unused
            recovery {status.RecoveryCodesLeft === 1 ? 'code' : 'codes'}.
          </p>
          <form noValidate onSubmit={turnOff} onKeyDown={form.onKeyDown} aria-label="Turn off the second factor">
            <TextField
              id="mfa-disable-code"
              label="Code from the app, or a recovery code"
              autoComplete="one-time-code"
              binding={form.field('Code')}
            />
            <button type="submit" className={buttonClass} disabled={pending}>
              {pending ? 'Turning off…' : 'Turn off second factor'}
            </button>
          </form>
        </div>
      ) : (
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="mb-4 text-slate-800">
            Sign in with a code from an authenticator app on your phone as well as your password, so a stolen password
            alone does not open your staff account.
            {status.Required && ' This shop requires it of staff accounts.'}
          </p>
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              setDone('');
              setSetting(true);
            }}
          >
            Set up second factor
          </button>
        </div>
      )}
    </section>
  );
}

function trimmed<F extends string>(values: Record<F, string>): Record<F, string> {
  const out = { ...values };
  for (const k of Object.keys(out) as F[]) out[k] = k === 'PostalCode' ? tidyPostalCode(out[k]) : out[k].trim();
  return out;
}

function ProfileForm({
  section,
  account,
  onSaved,
}: {
  section: Section;
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const fields = FIELDS[section];
  const pick = (a: Account) => Object.fromEntries(fields.map((f) => [f, a.values[f]])) as Record<string, string>;
  const form = useFieldForm<string>({ initial: pick(account), validate: (v) => validateProfile(trimmed(v)) });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');
  const [saved, setSaved] = useState('');

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    setSaved('');
    if (!form.valid) {
      setFailure('Please correct the fields marked below.');
      return;
    }
    if (pending) return;
    setPending(true);
    setFailure('');
    const edit = trimmed(form.values) as ProfileEdit;
    try {
      const next =
        account.kind === 'employee'
          ? fromEmployee(
              await accountApi.editEmployee(account.id, { FullName: edit.FullName ?? '', Phone: edit.Phone ?? '' }),
            )
          : fromUser(await accountApi.editUser(account.id, edit), account.roles);
      form.reset(pick(next));
      onSaved(next);
      setSaved(section === 'profile' ? 'Your profile has been saved.' : 'Your address has been saved.');
    } catch (err) {
      const byField = modelStateOf(err);
      form.setServerErrors(byField);
      const known = Object.keys(byField).filter((f) => (fields as readonly string[]).includes(f));
      setFailure(known.length > 0 ? 'Please correct the fields marked below.' : friendlyMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Notice kind="error">{failure}</Notice>
      <Notice kind="success">{saved}</Notice>
      <form
        noValidate
        onSubmit={submit}
        aria-label={section === 'profile' ? 'My Profile' : 'My Address'}
        className="max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        {section === 'profile' ? (
          <>
            <TextField id="profile-full-name" label="Full name" autoComplete="name" binding={form.field('FullName')} />
            <TextField
              id="profile-phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="7 to 15 digits, such as +91 98765 43210."
              binding={form.field('Phone')}
            />
            <ReadOnlyField
              id="profile-email"
              label="Email"
              value={account.email}
              hint="Your e-mail address is your sign-in name and cannot be changed here."
            />
            {account.kind === 'employee' && (
              <ReadOnlyField id="profile-roles" label="Roles" value={account.roles.join(', ')} />
            )}
          </>
        ) : (
          <>
            <TextField
              id="address-line1"
              label="Address line 1"
              autoComplete="address-line1"
              binding={form.field('AddressLine1')}
            />
            <TextField
              id="address-line2"
              label="Address line 2"
              autoComplete="address-line2"
              binding={form.field('AddressLine2')}
            />
            <TextField id="address-city" label="City" autoComplete="address-level2" binding={form.field('City')} />
            <TextField id="address-state" label="State" autoComplete="address-level1" binding={form.field('State')} />
            <TextField
              id="address-postal-code"
              label="PIN code"
              inputMode="numeric"
              autoComplete="postal-code"
              hint="6 digits, such as 560001."
              binding={form.field('PostalCode')}
            />
          </>
        )}
        <button type="submit" className={buttonClass} disabled={pending}>
          {pending ? 'Saving…' : section === 'profile' ? 'Save profile' : 'Save address'}
        </button>
      </form>
    </>
  );
}
