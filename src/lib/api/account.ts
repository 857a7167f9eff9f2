import type { $Fetch } from 'ofetch';
import type { RegistrationInput } from '../domain/account-rules.ts';
import { DEVICE_TOKEN_FIELD } from '../domain/device-tokens.ts';
import { inLabels } from '../domain/field-labels.ts';
import { MFA_FIELD, MFA_SETUP_TOKEN_FIELD, OTP_FIELD } from '../domain/mfa.ts';
import { plainMessage, ServiceError } from './errors.ts';
import type {
  EmployeeDto,
  EndUserDto,
  MessageDto,
  MfaSetupDto,
  MfaStatusDto,
  TokenResponse,
  UserInfoDto,
} from './wire.ts';

export type { MfaSetupDto, MfaStatusDto, TokenResponse };

/**
 * The account calls of spec §7, typed: sign-in, registration, e-mail
 * confirmation, who-am-I, and the profile reads and edits of end users and
 * employees. Every failure is a `ServiceError` (spec §8), already logged.
 */

/** What a refused sign-in asks for: a code of the second factor, or its setup (with the token the setup calls take). */
export type MfaAsk = { kind: 'code' } | { kind: 'setup'; setupToken: string };

/** The fields My Profile and My Address edit; the server keeps any field left out. */
export interface ProfileEdit {
  FullName?: string;
  Phone?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  City?: string;
  State?: string;
  PostalCode?: string;
}

export interface AccountApi {
  /**
   * Signs in with the OAuth 2.0 password grant (form-encoded, as the original backend took it),
   * with the device token this browser keeps for the account, if any.
   */
  token(email: string, password: string, deviceToken?: string, otp?: string): Promise<TokenResponse>;
  /** Registers an end user; the server mails the access code. */
  register(input: RegistrationInput): Promise<MessageDto>;
  /** Confirms the e-mail address with the mailed code; answers the server's message text. */
  confirmEmail(userId: number, code: string): Promise<string>;
  /**
   * Confirms the address and asks to be signed in as well (issue 37): the server's sentence, and
   * the access token when it signed the shopper in (an end user without a second factor), else null.
   */
  confirmAndSignIn(userId: number, code: string): Promise<{ text: string; token: string | null }>;
  /** Asks for a password-reset code by mail; the answer is the same whether or not the address has an account. */
  forgotPassword(email: string): Promise<{ Message: string }>;
  /** Sets a new password with the mailed reset code. */
  resetPassword(input: { Email: string; Code: string; Password: string; ConfirmPassword: string }): Promise<{
    Message: string;
  }>;
  /** Mails a new access code to an account waiting for confirmation. */
  resendCode(userId: number): Promise<{ Message: string }>;
  userInfo(): Promise<UserInfoDto>;
  userDetails(id: number): Promise<EndUserDto>;
  editUser(id: number, edit: ProfileEdit): Promise<EndUserDto>;
  employeeDetails(id: number): Promise<EmployeeDto>;
  editEmployee(id: number, edit: Pick<ProfileEdit, 'FullName' | 'Phone'>): Promise<EmployeeDto>;
  mfaStatus(): Promise<MfaStatusDto>;
  /** Starts setting up a second factor, as the signed-in account or with a sign-in's setup token. */
  mfaSetup(setupToken?: string): Promise<MfaSetupDto>;
  /** Turns the second factor being set up on with a first code. */
  mfaEnable(code: string, setupToken?: string): Promise<{ Message: string }>;
  /** Turns the second factor off with a current code or a recovery code. */
  mfaDisable(code: string): Promise<{ Message: string }>;
}

function setupHeaders(setupToken: string | undefined): Record<string, string> {
  return setupToken === undefined ? {} : { Authorization: `Bearer ${setupToken}` };
}

/** The account calls over a client made by `createApiClient` (which adds the bearer token). */
export function createAccountApi(api: $Fetch): AccountApi {
  return {
    token(email, password, deviceToken, otp) {
      const form = new URLSearchParams({ username: email, password, grant_type: 'password' });
      if (deviceToken !== undefined) form.set(DEVICE_TOKEN_FIELD, deviceToken);
      if (otp !== undefined && otp !== '') form.set(OTP_FIELD, otp);
      return api<TokenResponse>('/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    },
    register(input) {
      return api<MessageDto>('/api/Account/register', { method: 'POST', body: input });
    },
    async confirmEmail(userId, code) {
      const reply = await api<unknown>('/accountapi/confirmemail', { method: 'POST', body: { userId, code } });
      return typeof reply === 'string' ? reply : JSON.stringify(reply);
    },
    async confirmAndSignIn(userId, code) {
      const reply = await api<unknown>('/accountapi/confirmemail', {
        method: 'POST',
        body: { userId, code, signIn: true },
      });
      if (typeof reply === 'string') return { text: reply, token: null };
      const { Message, access_token } = (reply ?? {}) as { Message?: unknown; access_token?: unknown };
      return {
        text: typeof Message === 'string' ? Message : '',
        token: typeof access_token === 'string' && access_token !== '' ? access_token : null,
      };
    },
    forgotPassword(email) {
      return api<{ Message: string }>('/api/Account/ForgotPassword', { method: 'POST', body: { Email: email } });
    },
    resetPassword(input) {
      return api<{ Message: string }>('/api/Account/ResetPassword', { method: 'POST', body: input });
    },
    resendCode(userId) {
      return api<{ Message: string }>('/accountapi/resendcode', { method: 'POST', body: { userId } });
    },
    userInfo() {
      return api<UserInfoDto>('/api/Account/UserInfo');
    },
    userDetails(id) {
      return api<EndUserDto>(`/api/User/Details/${id}`);
    },
    editUser(id, edit) {
      return api<EndUserDto>(`/api/User/Edit/${id}`, { method: 'PUT', body: { ...edit, Id: id } });
    },
    employeeDetails(id) {
      return api<EmployeeDto>(`/api/Employee/Details/${id}`);
    },
    editEmployee(id, edit) {
      return api<EmployeeDto>(`/api/Employee/Edit/${id}`, { method: 'PUT', body: { ...edit, Id: id } });
    },
    mfaStatus() {
      return api<MfaStatusDto>('/api/Account/Mfa');
    },
    mfaSetup(setupToken) {
      return api<MfaSetupDto>('/api/Account/Mfa/Setup', { method: 'POST', headers: setupHeaders(setupToken) });
    },
    mfaEnable(code, setupToken) {
      return api<{ Message: string }>('/api/Account/Mfa/Enable', {
        method: 'POST',
        headers: setupHeaders(setupToken),
        body: { Code: code },
      });
    },
    mfaDisable(code) {
      return api<{ Message: string }>('/api/Account/Mfa/Disable', { method: 'POST', body: { Code: code } });
    },
  };
}

/** What a refused `POST /token` asks for (its `mfa` field), or null for any other failure. */
export function mfaAskOf(err: unknown): MfaAsk | null {
  if (!(err instanceof ServiceError)) return null;
  const data = (err.cause as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (fields[MFA_FIELD] === 'code') return { kind: 'code' };
  const setupToken = fields[MFA_SETUP_TOKEN_FIELD];
  if (fields[MFA_FIELD] === 'setup' && typeof setupToken === 'string') return { kind: 'setup', setupToken };
  return null;
}

/** The `ModelState` of a 400 answer (field → messages), or an empty object. */
export function modelStateOf(err: unknown): Record<string, string[]> {
  if (!(err instanceof ServiceError)) return {};
  const data = (err.cause as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'object' || data === null) return {};
  const raw = (data as { ModelState?: unknown }).ModelState;
  if (typeof raw !== 'object' || raw === null) return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(raw)) {
    const list = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
    if (list.length > 0) out[field] = list;
  }
  return out;
}

/**
 * A short message a person can act on, for a failed call: the server's own
 * words where it gave a human reason (bad input, conflicts, throttling, sign-in
 * refusals), and a plain explanation otherwise. The technical `Error Code` /
 * `Message` text stays in the console (spec §8).
 */
export function friendlyMessage(err: unknown): string {
  // The server's messages name fields as the API does; people see the forms' labels.
  return plainMessage(err, inLabels);
}
