import { describe, expect, it } from 'vitest';
import {
  CLAIM_NAME,
  CLAIM_NAME_IDENTIFIER,
  CLAIM_ROLE,
  EXPIRY_MARGIN_SECONDS,
  isAuthorized,
  roleClaim,
  rolesOf,
  signedInUser,
  tokenState,
} from '../../src/lib/domain/auth.ts';

const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

function claims(role: string | string[] | undefined, expInSeconds = 3600): Record<string, unknown> {
  const c: Record<string, unknown> = {
    [CLAIM_NAME]: 'asha@example.com',
    [CLAIM_NAME_IDENTIFIER]: '7',
    email: 'asha@example.com',
    exp: NOW_S + expInSeconds,
  };
  if (role !== undefined) c[CLAIM_ROLE] = role;
  return c;
}

describe('the contract claim names', () => {
  it('are the ASP.NET Identity URIs', () => {
    expect(CLAIM_NAME).toBe('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name');
    expect(CLAIM_NAME_IDENTIFIER).toBe('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier');
    expect(CLAIM_ROLE).toBe('http://schemas.microsoft.com/ws/2008/06/identity/claims/role');
  });
});

describe('role claim', () => {
  it('is a text for one role, a list for several, absent for none', () => {
    expect(roleClaim(['User'])).toBe('User');
    expect(roleClaim(['Admin', 'Employee'])).toEqual(['Admin', 'Employee']);
    expect(roleClaim([])).toBeUndefined();
  });

  it('reads back as a list either way', () => {
    expect(rolesOf(claims('Employee'))).toEqual(['Employee']);
    expect(rolesOf(claims(['Admin', 'Employee']))).toEqual(['Admin', 'Employee']);
    expect(rolesOf(claims(undefined))).toEqual([]);
    expect(rolesOf({ [CLAIM_ROLE]: 42 })).toEqual([]);
    expect(rolesOf(null)).toEqual([]);
  });
});

describe('token state (spec §4)', () => {
  it('is absent without a payload', () => {
    expect(tokenState(null, NOW_MS)).toBe('absent');
    expect(tokenState(undefined, NOW_MS)).toBe('absent');
  });

  it('is expired with fewer than 5 seconds left', () => {
    expect(EXPIRY_MARGIN_SECONDS).toBe(5);
    expect(tokenState(claims('User', 5), NOW_MS)).toBe('valid');
    expect(tokenState(claims('User', 4.999), NOW_MS)).toBe('expired');
    expect(tokenState(claims('User', 0), NOW_MS)).toBe('expired');
    expect(tokenState(claims('User', -100), NOW_MS)).toBe('expired');
  });

  it('counts a payload without a readable exp as expired', () => {
    expect(tokenState({ [CLAIM_NAME]: 'x' }, NOW_MS)).toBe('expired');
    expect(tokenState({ [CLAIM_NAME]: 'x', exp: '9999999999' }, NOW_MS)).toBe('expired');
  });
});

describe('authorization check (spec §5)', () => {
  it('fails without a readable user name', () => {
    const c = claims('Admin');
    delete c[CLAIM_NAME];
    expect(isAuthorized(c, NOW_MS)).toBe(false);
    expect(isAuthorized({ ...claims('Admin'), [CLAIM_NAME]: '' }, NOW_MS)).toBe(false);
    expect(isAuthorized(null, NOW_MS)).toBe(false);
  });

  it('fails for an expired token, role or not', () => {
    expect(isAuthorized(claims('Admin', 3), NOW_MS)).toBe(false);
    expect(isAuthorized(claims('Admin', 3), NOW_MS, 'Admin')).toBe(false);
  });

  it('passes any signed-in user when no role is requested', () => {
    expect(isAuthorized(claims(undefined), NOW_MS)).toBe(true);
    expect(isAuthorized(claims('User'), NOW_MS, '')).toBe(true);
  });

  it('wants the role claim to equal the role (one text)', () => {
    expect(isAuthorized(claims('Employee'), NOW_MS, 'Employee')).toBe(true);
    expect(isAuthorized(claims('User'), NOW_MS, 'Employee')).toBe(false);
    expect(isAuthorized(claims('employee'), NOW_MS, 'Employee')).toBe(false);
  });

  it('wants the role claim to contain the role (a list)', () => {
    expect(isAuthorized(claims(['Admin', 'Employee']), NOW_MS, 'Employee')).toBe(true);
    expect(isAuthorized(claims(['Admin', 'Employee']), NOW_MS, 'Admin')).toBe(true);
    expect(isAuthorized(claims(['Employee', 'User']), NOW_MS, 'Admin')).toBe(false);
  });

  it('does not treat a role text as a substring match', () => {
    expect(isAuthorized(claims('Administrator'), NOW_MS, 'Admin')).toBe(false);
  });
});

describe('signed-in user', () => {
  it('reads name, id, roles, email and exp', () => {
    expect(signedInUser(claims(['Admin', 'Employee']))).toEqual({
      name: 'asha@example.com',
      id: '7',
      roles: ['Admin', 'Employee'],
      email: 'asha@example.com',
      exp: NOW_S + 3600,
    });
    expect(signedInUser({ exp: NOW_S })).toBeNull();
  });
});
