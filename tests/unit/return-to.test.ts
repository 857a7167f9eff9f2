import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from '../../src/lib/domain/return-to.ts';

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
