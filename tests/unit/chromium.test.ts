// `npm test` without Chromium: a message that says how to install it.
import { describe, expect, it } from 'vitest';
import { chromiumMissing } from '../fixtures/chromium.ts';

describe('Chromium check', () => {
  it('says how to install Chromium when it is missing', () => {
    const message = chromiumMissing('/nonexistent/chromium');
    expect(message).toContain('/nonexistent/chromium');
    expect(message).toContain('apt-get install -y chromium');
    expect(message).toContain('CHROMIUM_PATH');
    expect(chromiumMissing(process.execPath)).toBeUndefined();
  });
});
