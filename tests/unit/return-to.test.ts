import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginPathFor, roleForPath, safeReturnPath } from '../../src/lib/domain/return-to.ts';

describe('safeReturnPath', () => {
  it('accepts paths of this site, with query and fragment', () => {
    expect(safeReturnPath('/app/cart/my-cart')).toBe('/app/cart/my-cart');
    expect(safeReturnPath('/app/section/4/1?x=1#top')).toBe('/app/section/4/1?x=1#top');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'app/cart',
      '/app/\tcart',
      '/app\\cart',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('refuses paths whose dot segments resolve off-site, encoded or not', () => {
    for (const bad of [
      '/.//evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/a/%2e%2e//evil.example',
      '/a/%2E%2E//evil.example',
      '/%2e//evil.example',
      '/a/b/../..//evil.example/x?y#z',
      '/./\\evil.example',
      '/app/cart/../../app/login',
    ]) {
      expect(safeReturnPath(bad), bad).toBeNull();
    }
  });

  it('returns only paths it accepts again unchanged', () => {
    const inputs = [
      '/app/cart/my-cart',
      '/app/section/4/1?x=1#top',
      '/app/./cart/../cart/my-cart',
      '/a b/ü?q=1 2',
      '/app/%2e/cart',
      '/.//evil.example',
      '/a/%2e%2e//evil.example',
      '/x/..',
      '/%2f%2fevil.example',
    ];
    for (const raw of inputs) {
      const once = safeReturnPath(raw);
      if (once === null) continue;
      expect(safeReturnPath(once), raw).toBe(once);
      expect(once.startsWith('//'), raw).toBe(false);
      expect(new URL(once, 'https://shop.example').origin, raw).toBe('https://shop.example');
    }
    expect(safeReturnPath('/app/./cart/../cart/my-cart')).toBe('/app/cart/my-cart');
  });

  it('refuses the sign-in, registration and confirmation pages', () => {
    expect(safeReturnPath('/app/login')).toBeNull();
    expect(safeReturnPath('/app/register?returnTo=/x')).toBeNull();
    expect(safeReturnPath('/confirm/12')).toBeNull();
    expect(safeReturnPath('/app/loginhelp')).toBe('/app/loginhelp');
  });
});

describe('loginPathFor', () => {
  it('carries a safe path, and nothing else', () => {
    expect(loginPathFor('/app/cart/my-cart')).toBe('/app/login?returnTo=%2Fapp%2Fcart%2Fmy-cart');
    expect(loginPathFor('//evil.example')).toBe('/app/login');
    expect(loginPathFor('/')).toBe('/app/login');
    expect(loginPathFor('/app/cart', '/app/register')).toBe('/app/register?returnTo=%2Fapp%2Fcart');
  });
});

describe('afterSignInPath', () => {
  const shopper = (role: string) => role === 'User';
  const staff = (role: string) => role === 'Employee' || role === 'User';

  it('knows which pages need which role', () => {
    expect(roleForPath('/app/client-store')).toBe('Employee');
    expect(roleForPath('/app/edu-shopy/orders?x=1')).toBe('Employee');
    expect(roleForPath('/app/edu-shopy/logs')).toBe('Admin');
    expect(roleForPath('/app/edu-shopy/role#top')).toBe('Admin');
    expect(roleForPath('/app/cart/my-cart')).toBeNull();
    expect(roleForPath('/app/client-storefront')).toBeNull();
  });

  it('goes home from a page the account may not open, and back to one it may', () => {
    expect(afterSignInPath('/app/client-store', shopper)).toBe('/');
    expect(afterSignInPath('/app/edu-shopy/logs', staff)).toBe('/app/edu-shopy');
    expect(afterSignInPath('/app/edu-shopy/orders', staff)).toBe('/app/edu-shopy/orders');
    expect(afterSignInPath('/app/cart/my-cart', shopper)).toBe('/app/cart/my-cart');
    expect(afterSignInPath('/.//evil.example', shopper)).toBe('/');
    expect(afterSignInPath(null, shopper)).toBe('/');
  });

  it('sends staff to the staff home instead of the front page, and shoppers where they went', () => {
    expect(afterSignInPath(null, staff)).toBe('/app/edu-shopy');
    expect(afterSignInPath('/', staff)).toBe('/app/edu-shopy');
    expect(afterSignInPath('/.//evil.example', staff)).toBe('/app/edu-shopy');
    expect(afterSignInPath('/app/section/4/1', staff)).toBe('/app/section/4/1');
    expect(afterSignInPath('/', shopper)).toBe('/');
    expect(afterSignInPath('/app/section/4/1', shopper)).toBe('/app/section/4/1');
  });
});
