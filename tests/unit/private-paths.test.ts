import { describe, expect, it } from 'vitest';
import { isPrivatePath } from '../../src/lib/catalogue/private-paths.ts';

describe('isPrivatePath', () => {
  it('keeps personal and staff pages out of the sitemap, and nothing else', () => {
    for (const path of ['/app/cart', '/app/cart/my-orders', '/app/profile', '/app/edu-shopy/logs', '/confirm/12']) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ['/app/cartography', '/app/home/1', '/app/section/3/1', '/confirmation', '/playbook']) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });
});
