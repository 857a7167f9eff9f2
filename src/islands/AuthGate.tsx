import { type ReactNode, useEffect, useState } from 'react';
import { loginPathFor } from '../lib/domain/return-to.ts';
import { $jtoken, authorize, msUntilExpiry } from '../stores/session.ts';

/** The sign-in page that comes back here afterwards (issue 12). */
const loginHere = () => loginPathFor(`${location.pathname}${location.search}`);

// setTimeout's longest delay; a token living longer is checked again then.
const MAX_TIMER_MS = 2_147_483_647;

export interface AuthGateProps {
  /** The role the content needs (`Employee`, `Admin`); any signed-in user when left out. */
  role?: string;
  /**
   * What happens to someone who fails the check: `redirect` (the default) sends
   * them to `/app/login`; `hide` just leaves the content out (links for admins only).
   */
  onFail?: 'redirect' | 'hide';
  /** Where someone who passes goes instead of seeing the content (`/app/cart` → my-cart). */
  then?: string;
  children?: ReactNode;
}

/** The loading indicator of spec §2. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-slate-700">
      <span
        aria-hidden="true"
        className="size-6 rounded-full border-4 border-brand-100 border-t-brand-800 motion-safe:animate-spin"
      />
      <span>{label}</span>
    </div>
  );
}

/**
 * Shows its content only to whoever passes spec §5's authorization check with
 * `role`. The check runs again whenever the token changes (another tab signing
 * in or out) and when the token expires, so content never outlives the session.
 */
export function AuthGate({ role, onFail = 'redirect', then, children }: AuthGateProps) {
  const [status, setStatus] = useState<'checking' | 'passed' | 'failed' | 'forbidden'>('checking');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let leaving = false;
    const check = () => {
      clearTimeout(timer);
      if (leaving) return;
      const passed = authorize(role);
      // Removing an expired token re-entered this check, which has already acted.
      if (leaving) return;
      if (!passed) {
        // Staff on an admin page: say so where they are, rather than offer a sign-in they have done
        // (issue 16). Everyone else is sent to sign in, as spec §6 and §8 say.
        if (role === 'Admin' && authorize('Employee')) {
          setStatus('forbidden');
          return;
        }
        setStatus('failed');
        if (onFail === 'redirect') {
          leaving = true;
          location.replace(loginHere());
        }
        return;
      }
      if (then !== undefined) {
        leaving = true;
        location.replace(then);
        return;
      }
      setStatus('passed');
      const ms = msUntilExpiry();
      if (ms !== null) timer = setTimeout(check, Math.min(ms + 50, MAX_TIMER_MS));
    };
    // subscribe() runs the check now and again on every change of the token.
    const unsubscribe = $jtoken.subscribe(check);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [role, onFail, then]);

  if (status === 'passed') return <>{children}</>;
  if (onFail === 'hide') return null;
  if (status === 'forbidden') return <NotYourArea role={role as string} />;
  if (status === 'failed') {
    return (
      <p className="py-10 text-slate-700">
        This page is for signed-in {role === undefined ? 'customers' : `${role} accounts`}.{' '}
        <a href={loginHere()} className="font-semibold text-brand-800 underline underline-offset-2">
          Sign in
        </a>
      </p>
    );
  }
  return <Spinner label={then === undefined ? 'Checking your sign-in…' : 'Opening…'} />;
}

const ROLE_WORDS: Record<string, string> = { Admin: 'admins', Employee: 'staff (employees and admins)' };

/** What a signed-in person without the page's role sees: whom the page is for, and where they can go. */
function NotYourArea({ role }: { role: string }) {
  const staff = authorize('Employee');
  const links = staff
    ? [
        { href: '/app/edu-shopy', label: 'Company: categories, stores, published sections and orders' },
        { href: '/app/client-store', label: 'Client: store databases, sections and items' },
        { href: '/app/client-store/import', label: 'Import and export items' },
      ]
    : [
        { href: '/app/cart/my-cart', label: 'Your cart' },
        { href: '/app/cart/my-orders', label: 'Your orders' },
        { href: '/app/profile/my-profile', label: 'Your profile' },
      ];
  return (
    <section aria-labelledby="not-your-area" className="max-w-2xl py-8">
      <h2 id="not-your-area" className="text-xl font-bold text-brand-900">
        This page is for {ROLE_WORDS[role] ?? `${role} accounts`}
      </h2>
      <p className="mt-2 text-slate-700">
        You are signed in, but your account does not have the {role} role. An admin can give it to you on the Roles
        page. Meanwhile, these are yours:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="font-semibold text-brand-800 underline underline-offset-2">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
