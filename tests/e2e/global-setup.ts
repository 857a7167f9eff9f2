// Playwright global setup: stop at once, saying how to install it, when Chromium is missing.
import { chromiumMissing } from '../fixtures/chromium.ts';

export default function globalSetup(): void {
  const missing = chromiumMissing();
  if (missing !== undefined) throw new Error(missing);
}
