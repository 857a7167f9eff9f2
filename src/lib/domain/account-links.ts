/**
 * The site paths that mail links open with a code in them, written by the
 * server's mail and read back by the confirm and reset pages: one definition,
 * so the two sides cannot drift.
 */

import { ACCESS_CODE_LENGTH } from './account-rules.ts';

/** The page where a forgotten password is reset (the login form's "Forgot password?"). */
export const RESET_PATH = '/app/reset-password';

/** `/confirm/{userid}` (spec §2), with the mailed access code when given (`?code=…`), so the page confirms by itself. */
export function confirmPath(userId: number, code?: string): string {
  return `/confirm/${userId}${code === undefined ? '' : `?code=${encodeURIComponent(code)}`}`;
}

/** The user id in a `/confirm/{userid}` address, or null. */
export function userIdFromConfirmPath(pathname: string): number | null {
  const m = /^\/confirm\/([1-9][0-9]{0,14})\/?$/.exec(pathname);
  return m === null ? null : Number(m[1]);
}

/** The reset page for an address, with the mailed reset code when given, so the shopper only types a new password. */
export function resetPath(email: string, code?: string): string {
  const query = new URLSearchParams({ email });
  if (code !== undefined) query.set('code', code);
  return `${RESET_PATH}?${query.toString()}`;
}

/** The code a mail link carries in its query (`?code=123456`): the code's six digits, or null for anything else. */
export function codeFromLink(search: string): string | null {
  const code = new URLSearchParams(search).get('code')?.trim() ?? '';
  return code.length === ACCESS_CODE_LENGTH && /^[0-9]+$/.test(code) ? code : null;
}
