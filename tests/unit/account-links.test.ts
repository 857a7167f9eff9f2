import { describe, expect, it } from 'vitest';
import { codeFromLink, confirmPath, resetPath, userIdFromConfirmPath } from '../../src/lib/domain/account-links.ts';

describe('mail links with a code', () => {
  it('writes the confirm link the confirm page reads back', () => {
    const path = confirmPath(42, '012345');
    expect(path).toBe('/confirm/42?code=012345');
    const url = new URL(path, 'https://shop.example');
    expect(userIdFromConfirmPath(url.pathname)).toBe(42);
    expect(codeFromLink(url.search)).toBe('012345');
    expect(confirmPath(42)).toBe('/confirm/42');
  });

  it('writes the reset link the reset page reads back', () => {
    const path = resetPath('asha+shop@example.com', '987654');
    expect(path).toBe('/app/reset-password?email=asha%2Bshop%40example.com&code=987654');
    const url = new URL(path, 'https://shop.example');
    expect(url.searchParams.get('email')).toBe('asha+shop@example.com');
    expect(codeFromLink(url.search)).toBe('987654');
    expect(resetPath('asha@example.com')).toBe('/app/reset-password?email=asha%40example.com');
  });

  const codes: [string, string | null][] = [
    ['?code=123456', '123456'],
    ['?code=%20123456%20', '123456'],
    ['?x=1&code=000000', '000000'],
    ['', null],
    ['?code=', null],
    ['?code=12345', null],
    ['?code=1234567', null],
    ['?code=12345a', null],
    ['?code=<script>', null],
    ['?code=１２３４５６', null],
  ];
  it.each(codes)('reads %j as %j', (search, code) => {
    expect(codeFromLink(search)).toBe(code);
  });

  const paths: [string, number | null][] = [
    ['/confirm/7', 7],
    ['/confirm/7/', 7],
    ['/confirm/', null],
    ['/confirm/07', null],
    ['/confirm/7/x', null],
  ];
  it.each(paths)('reads the user id of %s as %j', (path, id) => {
    expect(userIdFromConfirmPath(path)).toBe(id);
  });
});
