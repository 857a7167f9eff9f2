import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { friendlyMessage, modelStateOf } from '../../src/lib/api/account.ts';
import { apiBaseUrl } from '../../src/lib/api/base-url.ts';
import { ServiceError, toServiceError } from '../../src/lib/api/errors.ts';
import { CLAIM_NAME, CLAIM_NAME_IDENTIFIER, CLAIM_ROLE } from '../../src/lib/domain/auth.ts';
import { DEVICE_TOKEN_FIELD } from '../../src/lib/domain/device-tokens.ts';
import { CART_STATE_KEY, DEVICE_TOKENS_KEY, TOKEN_KEY } from '../../src/lib/domain/storage-keys.ts';
import {
  $jtoken,
  $tokenAvailable,
  $user,
  accountApi,
  authorize,
  decodeToken,
  INVALID_TOKEN_MESSAGE,
  login,
  logout,
  msUntilExpiry,
  readToken,
} from '../../src/stores/session.ts';

const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT as the API shapes it: the client never verifies, it only reads. */
function jwt(payload: unknown): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

function tokenFor(opts: { role?: string | string[]; expIn?: number; name?: string } = {}): string {
  const claims: Record<string, unknown> = {
    [CLAIM_NAME]: opts.name ?? 'asha@example.com',
    [CLAIM_NAME_IDENTIFIER]: '7',
    'AspNet.Identity.SecurityStamp': 'stamp',
    email: 'asha@example.com',
    exp: Math.floor(Date.now() / 1000) + (opts.expIn ?? 3600),
  };
  if (opts.role !== undefined) claims[CLAIM_ROLE] = opts.role;
  return jwt(claims);
}

/** Records every request and answers each with the next queued response. */
function stubFetch(...responses: Response[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const next = responses.shift();
    if (next === undefined) throw new Error('unexpected request');
    return next;
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubLocation(pathname: string) {
  const loc = { pathname, assign: vi.fn(), reload: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('location', loc);
  return loc;
}

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  keepMount($jtoken);
});

afterEach(() => {
  cleanTestStorage();
  cleanStores($jtoken, $user, $tokenAvailable);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('decodeToken', () => {
  it('reads the payload of a token', () => {
    const claims = decodeToken(tokenFor({ role: 'User' }));
    expect(claims[CLAIM_NAME]).toBe('asha@example.com');
    expect(claims[CLAIM_ROLE]).toBe('User');
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object', { token: 'x' }],
  ])("refuses a token that is not text (%s) with 'Invalid token specified'", (_label, token) => {
    expect(() => decodeToken(token)).toThrow(/^Invalid token specified$/);
    expect(INVALID_TOKEN_MESSAGE).toBe('Invalid token specified');
  });

  it.each([
    ['one part', 'abc'],
    ['a payload that is not base64', 'a.%%%.c'],
    ['a payload that is not JSON', `a.${Buffer.from('not json').toString('base64url')}.c`],
    ['a payload that is a list', `a.${b64url([1, 2])}.c`],
    ['a payload that is a number', `a.${b64url(5)}.c`],
  ])("refuses a token with %s with exactly 'Invalid token specified'", (_label, token) => {
    let thrown: unknown;
    try {
      decodeToken(token);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).name).toBe('InvalidTokenError');
    expect((thrown as Error).message).toBe('Invalid token specified');
  });
});

describe('token states (spec §4)', () => {
  it('is absent without a token', () => {
    expect(readToken('', NOW_MS)).toEqual({ state: 'absent', user: null });
  });

  it('is valid with 5 seconds or more left and expired with fewer', () => {
    const at = (secondsLeft: number) =>
      jwt({ [CLAIM_NAME]: 'asha@example.com', [CLAIM_NAME_IDENTIFIER]: '7', exp: NOW_S + secondsLeft });
    expect(readToken(at(6), NOW_MS).state).toBe('valid');
    expect(readToken(at(5), NOW_MS).state).toBe('valid');
    expect(readToken(at(4.9), NOW_MS).state).toBe('expired');
    expect(readToken(at(-60), NOW_MS).state).toBe('expired');
  });

  it('throws for a token that cannot be decoded', () => {
    expect(() => readToken('garbage', NOW_MS)).toThrow(INVALID_TOKEN_MESSAGE);
  });
});

describe('$user', () => {
  it('is null when signed out', () => {
    expect($user.get()).toBeNull();
  });

  it('is the name, id, roles, email and exp of the stored token, whether the role claim is a text or a list', () => {
    keepMount($user);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    setTestStorageKey(
      TOKEN_KEY,
      jwt({
        [CLAIM_NAME]: 'ravi@example.com',
        [CLAIM_NAME_IDENTIFIER]: '12',
        [CLAIM_ROLE]: ['Admin', 'Employee'],
        email: 'ravi@example.com',
        exp,
      }),
    );
    expect($user.get()).toEqual({
      name: 'ravi@example.com',
      id: '12',
      roles: ['Admin', 'Employee'],
      email: 'ravi@example.com',
      exp,
    });
    setTestStorageKey(TOKEN_KEY, tokenFor({ role: 'User' }));
    expect($user.get()?.roles).toEqual(['User']);
  });

  it('is null for a stored token that cannot be decoded, and follows a sign-out in another tab', () => {
    keepMount($user);
    setTestStorageKey(TOKEN_KEY, 'not-a-token');
    expect($user.get()).toBeNull();
    setTestStorageKey(TOKEN_KEY, tokenFor());
    expect($user.get()?.name).toBe('asha@example.com');
    setTestStorageKey(TOKEN_KEY, undefined);
    expect($jtoken.get()).toBe('');
    expect($user.get()).toBeNull();
  });
});

describe('$tokenAvailable', () => {
  it('is true while a valid token is stored and follows changes made in another tab', () => {
    const seen: boolean[] = [];
    setTestStorageKey(TOKEN_KEY, tokenFor());
    const unlisten = $tokenAvailable.subscribe((v) => seen.push(v));
    expect($tokenAvailable.get()).toBe(true);
    setTestStorageKey(TOKEN_KEY, undefined);
    expect($tokenAvailable.get()).toBe(false);
    setTestStorageKey(TOKEN_KEY, tokenFor({ expIn: 2 }));
    expect($tokenAvailable.get()).toBe(false);
    setTestStorageKey(TOKEN_KEY, tokenFor({ expIn: 600 }));
    expect(seen).toEqual([true, false, true]);
    unlisten();
  });
});

describe('authorize (spec §5 on the stored token)', () => {
  it('fails without a token', () => {
    expect(authorize()).toBe(false);
    expect(authorize('Employee')).toBe(false);
  });

  it('passes any signed-in user when no role is asked for', () => {
    setTestStorageKey(TOKEN_KEY, tokenFor({ role: 'User' }));
    expect(authorize()).toBe(true);
    expect(authorize('')).toBe(true);
  });

  it('compares a single role text exactly and looks inside a role list', () => {
    setTestStorageKey(TOKEN_KEY, tokenFor({ role: 'Employee' }));
    expect(authorize('Employee')).toBe(true);
    expect(authorize('Admin')).toBe(false);
    expect(authorize('employee')).toBe(false);
    setTestStorageKey(TOKEN_KEY, tokenFor({ role: ['Admin', 'Employee'] }));
    expect(authorize('Admin')).toBe(true);
    expect(authorize('Employee')).toBe(true);
    expect(authorize('User')).toBe(false);
    // A role mismatch signs nobody out.
    expect(getTestStorage().jtoken).toBeDefined();
  });

  it('fails a token without a user name and keeps it', () => {
    setTestStorageKey(TOKEN_KEY, jwt({ email: 'x@example.com', exp: Math.floor(Date.now() / 1000) + 600 }));
    expect(authorize()).toBe(false);
    expect(getTestStorage().jtoken).toBeDefined();
  });

  it('removes an expired token and emits a token-available signal of false', () => {
    setTestStorageKey(TOKEN_KEY, tokenFor({ expIn: 600 }));
    const seen: boolean[] = [];
    const unlisten = $tokenAvailable.subscribe((v) => seen.push(v));
    expect(authorize(undefined, Date.now() + 596_000)).toBe(false);
    expect(getTestStorage()).not.toHaveProperty(TOKEN_KEY);
    expect($jtoken.get()).toBe('');
    expect(seen).toEqual([true, false]);
    unlisten();
  });

  it("logs 'Invalid token specified' for a stored token that cannot be decoded, and removes it", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setTestStorageKey(TOKEN_KEY, 'abc.def');
    expect(authorize()).toBe(false);
    expect(error).toHaveBeenCalledWith('Invalid token specified');
    expect(getTestStorage()).not.toHaveProperty(TOKEN_KEY);
  });
});

describe('msUntilExpiry', () => {
  it('counts down to exp minus the 5 second margin', () => {
    setTestStorageKey(TOKEN_KEY, jwt({ [CLAIM_NAME]: 'a@example.com', exp: NOW_S + 65 }));
    expect(msUntilExpiry(NOW_MS)).toBe(60_000);
    expect(msUntilExpiry(NOW_MS + 120_000)).toBe(0);
  });

  it('is null when signed out', () => {
    expect(msUntilExpiry(NOW_MS)).toBeNull();
  });
});

describe('login', () => {
  it('posts the form-encoded password grant, stores the token, drops the local cart and goes to the root', async () => {
    const loc = stubLocation('/app/login');
    setTestStorageKey(CART_STATE_KEY, '{"cart":{"CartItems":[]},"isDirty":true}');
    const token = tokenFor({ role: 'User' });
    const calls = stubFetch(
      json({ access_token: token, token_type: 'bearer', expires_in: 3600, userName: 'asha@example.com' }),
    );

    await login('asha@example.com', 'S3cret!pass');

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/token');
    expect(call?.init.method).toBe('POST');
    expect(new Headers(call?.init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(call?.init.body));
    expect(Object.fromEntries(form)).toEqual({
      username: 'asha@example.com',
      password: 'S3cret!pass',
      grant_type: 'password',
    });
    expect(getTestStorage().jtoken).toBe(token);
    expect(getTestStorage()).not.toHaveProperty(CART_STATE_KEY);
    expect($user.get()?.roles).toEqual(['User']);
    expect(loc.assign).toHaveBeenCalledWith('/');
  });

  it("rejects with the server's error description as a logged ServiceError and stores nothing", async () => {
    const loc = stubLocation('/app/login');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setTestStorageKey(CART_STATE_KEY, '{"isDirty":false}');
    stubFetch(json({ error: 'invalid_grant', error_description: 'The user name or password is incorrect.' }, 400));

    const failure = await login('asha@example.com', 'wrong').catch((err: unknown) => err);

    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).message).toBe('Error Code: 400\nMessage: The user name or password is incorrect.');
    expect(error).toHaveBeenCalledWith('Error Code: 400\nMessage: The user name or password is incorrect.');
    expect(friendlyMessage(failure)).toBe('The user name or password is incorrect.');
    expect(getTestStorage()).not.toHaveProperty(TOKEN_KEY);
    expect(getTestStorage()[CART_STATE_KEY]).toBe('{"isDirty":false}');
    expect(loc.assign).not.toHaveBeenCalled();
  });

  it("sends the account's device token, keeps the new one beside the others, and never sends one to another account", async () => {
    stubLocation('/app/login');
    setTestStorageKey(DEVICE_TOKENS_KEY, JSON.stringify({ 'ravi@example.com': 'ravi-device' }));
    const calls = stubFetch(
      json({
        access_token: tokenFor(),
        token_type: 'bearer',
        expires_in: 3600,
        userName: 'asha@example.com',
        device_token: 'asha-1',
      }),
      json({
        access_token: tokenFor(),
        token_type: 'bearer',
        expires_in: 3600,
        userName: 'asha@example.com',
        device_token: 'asha-2',
      }),
    );

    await login('asha@example.com', 'S3cret!pass');
    expect(new URLSearchParams(String(calls[0]?.init.body)).has(DEVICE_TOKEN_FIELD)).toBe(false);
    expect(JSON.parse(getTestStorage()[DEVICE_TOKENS_KEY] ?? '')).toEqual({
      'ravi@example.com': 'ravi-device',
      'asha@example.com': 'asha-1',
    });

    await login('Asha@Example.com', 'S3cret!pass');
    expect(new URLSearchParams(String(calls[1]?.init.body)).get(DEVICE_TOKEN_FIELD)).toBe('asha-1');
    expect(JSON.parse(getTestStorage()[DEVICE_TOKENS_KEY] ?? '')['asha@example.com']).toBe('asha-2');

    // Signing out ends the session, not the device: the next sign-in still shows it.
    logout();
    expect(JSON.parse(getTestStorage()[DEVICE_TOKENS_KEY] ?? '')['asha@example.com']).toBe('asha-2');
  });

  it('refuses an access token it cannot read, storing nothing', async () => {
    const loc = stubLocation('/app/login');
    stubFetch(json({ access_token: 'nonsense', token_type: 'bearer', expires_in: 3600, userName: 'a' }));
    await expect(login('asha@example.com', 'S3cret!pass')).rejects.toThrow('Invalid token specified');
    expect(getTestStorage()).not.toHaveProperty(TOKEN_KEY);
    expect(loc.assign).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('removes the token and the local cart copy and goes to the root', () => {
    const loc = stubLocation('/app/profile/my-profile');
    setTestStorageKey(TOKEN_KEY, tokenFor());
    setTestStorageKey(CART_STATE_KEY, '{"isDirty":false}');
    logout();
    expect(getTestStorage()).toEqual({});
    expect($user.get()).toBeNull();
    expect(loc.assign).toHaveBeenCalledWith('/');
    expect(loc.reload).not.toHaveBeenCalled();
  });

  it('reloads when already at the root', () => {
    const loc = stubLocation('/');
    setTestStorageKey(TOKEN_KEY, tokenFor());
    logout();
    expect(getTestStorage()).not.toHaveProperty(TOKEN_KEY);
    expect(loc.reload).toHaveBeenCalledOnce();
  });
});

describe('accountApi', () => {
  it('sends the stored token as a bearer token', async () => {
    const token = tokenFor({ role: 'User' });
    setTestStorageKey(TOKEN_KEY, token);
    const calls = stubFetch(
      json({ UserId: 7, Email: 'asha@example.com', FullName: '', Roles: ['User'], HasRegistered: true }),
    );
    const info = await accountApi.userInfo();
    expect(info.UserId).toBe(7);
    expect(calls[0]?.url).toBe('/api/Account/UserInfo');
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header when signed out', async () => {
    const calls = stubFetch(json({ Message: 'Almost done: check your mail.' }));
    await accountApi.register({ Email: 'a@example.com', Password: 'S3cret!x', ConfirmPassword: 'S3cret!x' });
    expect(new Headers(calls[0]?.init.headers).has('authorization')).toBe(false);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      Email: 'a@example.com',
      Password: 'S3cret!x',
      ConfirmPassword: 'S3cret!x',
    });
  });

  it('edits a profile with the path id repeated in the body as Id', async () => {
    setTestStorageKey(TOKEN_KEY, tokenFor());
    const calls = stubFetch(json({ EndUserId: 7, FullName: 'Asha Rao' }));
    await accountApi.editUser(7, { FullName: 'Asha Rao' });
    expect(calls[0]?.url).toBe('/api/User/Edit/7');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ FullName: 'Asha Rao', Id: 7 });
  });

  it("answers the confirmation's message text", async () => {
    const calls = stubFetch(json('Your e-mail address is confirmed. You can sign in now.'));
    expect(await accountApi.confirmEmail(3, '012345')).toBe('Your e-mail address is confirmed. You can sign in now.');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ userId: 3, code: '012345' });
  });
});

describe('apiBaseUrl', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is the same origin unless PUBLIC_API_URL names another', () => {
    vi.stubEnv('PUBLIC_API_URL', undefined);
    expect(apiBaseUrl()).toBe('');
    vi.stubEnv('PUBLIC_API_URL', 'https://api.shop.example/');
    expect(apiBaseUrl()).toBe('https://api.shop.example');
  });
});

describe('service errors for people', () => {
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

  it("reads a 400's ModelState", () => {
    quiet();
    const err = toServiceError({
      status: 400,
      message: 'Bad Request',
      data: { Message: 'The request is invalid.', ModelState: { PostalCode: ['PostalCode must be 6 digits.'] } },
    });
    expect(modelStateOf(err)).toEqual({ PostalCode: ['PostalCode must be 6 digits.'] });
    expect(modelStateOf(new Error('x'))).toEqual({});
  });

  it('explains failures without the server words where there are none to show', () => {
    quiet();
    expect(friendlyMessage(toServiceError({ status: 0, message: 'fetch failed' }))).toMatch(/could not reach the shop/);
    expect(friendlyMessage(toServiceError({ status: 401, message: 'Unauthorized' }))).toBe(
      'Your sign-in has ended. Please sign in again.',
    );
    expect(friendlyMessage(toServiceError({ status: 500, message: 'boom', data: { Message: 'boom' } }))).toMatch(
      /try again in a minute/,
    );
    expect(
      friendlyMessage(toServiceError({ status: 404, message: 'x', data: { Message: 'User 9 does not exist.' } })),
    ).toBe('User 9 does not exist.');
  });
});
