import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { NO_PROXY } from '../../lib/domain/ip-address.ts';
import type { ListCaller } from '../../lib/domain/list-rules.ts';
import type { RoleName, UserKind } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findRoles, findUserById } from './accounts.ts';
import { requestAddress } from './address.ts';
import { verifyMfaSetupToken } from './mfa-setup-tokens.ts';
import { verifyToken } from './tokens.ts';

/** The account a request was made with, as the middleware read it from the database. */
export interface SignedInAccount {
  id: number;
  email: string;
  fullName: string;
  kind: UserKind;
  /** Current roles from the database (not the token's copy): a removed role takes effect at once. */
  roles: RoleName[];
}

/** A signed-in account acting on accounts, from where and when: what the use cases check and the audit log records. */
export interface AccountActor extends SignedInAccount {
  /** The caller's address (`addressOf`). */
  ip: string;
  /** The time of the request (`clockOf`). */
  now: Date;
}

/** Hono environment of routes behind `requireUser` / `requireRole`: `c.get('account')`. */
export interface AuthEnv {
  Variables: { account: SignedInAccount };
}

export type StaffRole = Extract<RoleName, 'Employee' | 'Admin'>;

/** The time as the app sees it (`deps.now`, or the system clock). */
export function clockOf(deps: AppDeps): Date {
  return deps.now?.() ?? new Date();
}

/** The caller's address, honouring `X-Forwarded-For` only from the proxies the app trusts (`deps.trustProxy`). */
export function addressOf(c: Context, deps: AppDeps): string {
  return requestAddress(c, deps.trustProxy ?? NO_PROXY);
}

/** The signed-in account behind a request (routes run `requireUser` or `requireRole` first), as an actor. */
export function actorOf(c: Context<AuthEnv>, deps: AppDeps): AccountActor {
  return { ...c.get('account'), ip: addressOf(c, deps), now: clockOf(deps) };
}

const MESSAGES = {
  badHeader: 'The Authorization header must be "Bearer" followed by the access token from /token.',
  expired: 'Your sign-in has expired: sign in again.',
  invalid: 'Your access token is not valid: sign in again.',
  revoked: 'Your sign-in is no longer valid because the password changed or the account was removed: sign in again.',
} as const;

/**
 * Who is calling: verifies the bearer token's signature, algorithm and expiry,
 * then that the account still exists, is confirmed and carries the token's
 * security stamp (a password change or a deletion rotates it). 401 otherwise.
 */
export async function authenticate(c: Context, deps: AppDeps): Promise<SignedInAccount> {
  const token = bearerToken(c);
  const verified = await verifyToken(deps.jwtSecret, token, clockOf(deps));
  if (!verified.ok) throw AppError.unauthorized(verified.reason === 'expired' ? MESSAGES.expired : MESSAGES.invalid);
  return signedInAccount(deps, verified.userId, verified.securityStamp);
}

function bearerToken(c: Context): string {
  const header = c.req.header('authorization');
  if (header === undefined || header.trim() === '') throw AppError.unauthorized();
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  const token = m?.[1];
  if (token === undefined) throw AppError.unauthorized(MESSAGES.badHeader);
  return token;
}

async function signedInAccount(deps: AppDeps, userId: number, securityStamp: string): Promise<SignedInAccount> {
  const user = await findUserById(deps.db, userId);
  if (user === undefined || user.security_stamp !== securityStamp || user.email_confirmed !== 1) {
    throw AppError.unauthorized(MESSAGES.revoked);
  }
  return {
    id: user.id,
    email: user.email,
    fullName: user.full_name,
    kind: user.kind,
    roles: await findRoles(deps.db, user.id),
  };
}

/**
 * Lets signed-in accounts through, and also the bearer of an MFA setup token
 * (`mfa-setup-tokens.ts`, what `POST /token` gives a staff account that must set
 * a second factor up first): only the setup calls use this. 401 for everyone else.
 */
export function requireUserOrMfaSetup(deps: AppDeps) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const setup = await verifyMfaSetupToken(deps.jwtSecret, bearerToken(c), clockOf(deps));
    c.set(
      'account',
      setup === null ? await authenticate(c, deps) : await signedInAccount(deps, setup.userId, setup.securityStamp),
    );
    await next();
  });
}

/** Lets signed-in accounts through (any role); 401 for everyone else. */
export function requireUser(deps: AppDeps) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    c.set('account', await authenticate(c, deps));
    await next();
  });
}

/**
 * Lets through accounts holding `role`; 401 when not signed in, 403 without the
 * role. Admins hold Employee too, so `requireRole(deps, 'Employee')` admits them.
 */
export function requireRole(deps: AppDeps, role: StaffRole) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const account = await authenticate(c, deps);
    if (!account.roles.includes(role)) {
      throw AppError.forbidden(`This call needs the ${role} role, which your account does not have.`);
    }
    c.set('account', account);
    await next();
  });
}

/**
 * Who asks for a public list (`http/public-list.ts`): staff (a valid token with
 * the Employee role, which Admins hold too) or the public. A public list never
 * answers 401: a missing, expired or revoked token reads as the public would.
 */
export async function listCallerOf(c: Context, deps: AppDeps): Promise<ListCaller> {
  if ((c.req.header('authorization') ?? '').trim() === '') return 'public';
  try {
    const account = await authenticate(c, deps);
    return account.roles.includes('Employee') ? 'staff' : 'public';
  } catch {
    return 'public';
  }
}

/** The caller may act on account `id` when it is their own, or when they hold `role`; 403 otherwise. */
export function assertSelfOrRole(account: SignedInAccount, id: number, role: StaffRole): void {
  if (account.id !== id && !account.roles.includes(role)) {
    throw AppError.forbidden(`You may only use this call for your own account unless you have the ${role} role.`);
  }
}
