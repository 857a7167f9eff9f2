/**
 * The access token's claims (the operating contract's ASP.NET Identity names) and
 * the authorization check of spec §5, shared by the API that issues tokens and the
 * client that reads them. Pure: decoding and verifying happen elsewhere.
 */

export const CLAIM_NAME = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name';
export const CLAIM_NAME_IDENTIFIER = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier';
export const CLAIM_ROLE = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
export const CLAIM_SECURITY_STAMP = 'AspNet.Identity.SecurityStamp';

/** Spec §9: a token with fewer seconds than this left counts as expired. */
export const EXPIRY_MARGIN_SECONDS = 5;

/** The payload of an access token as the API issues it. */
export interface TokenClaims {
  [CLAIM_NAME]: string;
  [CLAIM_NAME_IDENTIFIER]: string;
  /** One role as a text, several as a list (as ASP.NET serialised them). */
  [CLAIM_ROLE]?: string | string[];
  [CLAIM_SECURITY_STAMP]: string;
  email: string;
  /** Seconds since the epoch. */
  exp: number;
  iat?: number;
}

/** A decoded payload as a client sees it: nothing is trusted to be present or well typed. */
export type UntrustedClaims = Record<string, unknown>;

/** The role claim for a set of roles: a text for one, a list for several, absent for none. */
export function roleClaim(roles: readonly string[]): string | string[] | undefined {
  if (roles.length === 0) return undefined;
  return roles.length === 1 ? roles[0] : [...roles];
}

/** The roles in a payload, whether its role claim is a text or a list. */
export function rolesOf(claims: UntrustedClaims | null | undefined): string[] {
  const raw = claims?.[CLAIM_ROLE];
  if (typeof raw === 'string') return raw === '' ? [] : [raw];
  if (Array.isArray(raw)) return raw.filter((r): r is string => typeof r === 'string');
  return [];
}

export type TokenState = 'absent' | 'valid' | 'expired';

/**
 * Spec §4's token states. Expired when fewer than 5 seconds remain before `exp`,
 * or when `exp` cannot be read.
 */
export function tokenState(claims: UntrustedClaims | null | undefined, nowMs: number): TokenState {
  if (claims === null || claims === undefined) return 'absent';
  const exp = claims.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return 'expired';
  return exp - nowMs / 1000 < EXPIRY_MARGIN_SECONDS ? 'expired' : 'valid';
}

/** The signed-in user as the client shows them. */
export interface SignedInUser {
  name: string;
  id: string;
  roles: string[];
  email: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** Reads the user out of a payload; null when it carries no user name. */
export function signedInUser(claims: UntrustedClaims | null | undefined): SignedInUser | null {
  const name = claims?.[CLAIM_NAME];
  if (typeof name !== 'string' || name === '') return null;
  const id = claims?.[CLAIM_NAME_IDENTIFIER];
  const email = claims?.email;
  const exp = claims?.exp;
  return {
    name,
    id: typeof id === 'string' || typeof id === 'number' ? String(id) : '',
    roles: rolesOf(claims),
    email: typeof email === 'string' ? email : '',
    exp: typeof exp === 'number' ? exp : 0,
  };
}

/**
 * Spec §5's authorization check. Fails when no user name can be read or the
 * token is expired; with no role requested any such user passes; with a role,
 * the role claim must equal it (one text) or contain it (a list). Role names
 * compare by exact text.
 */
export function isAuthorized(claims: UntrustedClaims | null | undefined, nowMs: number, role?: string): boolean {
  if (signedInUser(claims) === null) return false;
  if (tokenState(claims, nowMs) !== 'valid') return false;
  if (role === undefined || role === '') return true;
  return rolesOf(claims).includes(role);
}

/** `GET /api/Account/UserInfo`. */
export interface UserInfoDto {
  UserId: number;
  Email: string;
  FullName: string;
  Roles: string[];
  HasRegistered: true;
}

/** `GET /api/User/Details/{id}` and the rows of `/api/User/ReadAll`. */
export interface EndUserDto {
  EndUserId: number;
  FullName: string;
  Email: string;
  Phone: string;
  AddressLine1: string;
  AddressLine2: string;
  City: string;
  State: string;
  PostalCode: string;
}

/** `GET /api/Employee/Details/{id}` and the rows of `/api/Employee/ReadAll`. */
export interface EmployeeDto {
  EmployeeId: number;
  FullName: string;
  Email: string;
  Phone: string;
  Roles: string[];
}

/**
 * `POST /api/Account/register`: the same for a new address and one that has an
 * account (so it carries no user id); the mailed link leads on.
 */
export interface RegisterResultDto {
  Message: string;
}

/** `GET /api/Employee/GetRoles/{id}`, `AddUserToRole`, `RemoveUserFromRole`. */
export interface UserRolesDto {
  UserId: number;
  Roles: string[];
}
