import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

// Accounts and checks the end-to-end specs share. Black box: accounts come from the
// operator's CLI (`scripts/user-add.ts`, `npm run user:add`) over the suite's data folder
// (playwright.config.ts); signing in goes through the login page.

export const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
export const PASSWORD = 'Gr3en!Tea-pot';

/** A fresh address; lower case and without hyphens, so its title case is plain to write down. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

/** Creates a confirmed account (or updates one) with the operator's CLI, in the suite's shop or the one of `dataDir`. */
export function addUser(
  email: string,
  role: 'Admin' | 'Employee' | 'User',
  name?: string,
  dataDir: string = DATA_DIR,
): void {
  execFileSync(
    process.execPath,
    [
      'scripts/user-add.ts',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--role',
      role,
      ...(name === undefined ? [] : ['--name', name]),
    ],
    { cwd: resolve('.'), env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' },
  );
}

/** Signs in on the login page and waits until the token is stored. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/app/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A sign-in hashes the password (scrypt): seconds on a loaded machine.
  await expect(page).not.toHaveURL(/\/app\/login/, { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('jtoken'))).not.toBeNull();
}

/** axe-core finds nothing on the page as it is now; `what` names it in a failure. */
export async function expectNoAxeViolations(page: Page, what?: string): Promise<void> {
  // The page as a shopper reads it once it settles: a list refreshing meanwhile fades its rows (aria-busy).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/** The suite's mail outbox (`SMTP_URL` unset: one `.eml` file per message). */
export const OUTBOX = `${DATA_DIR}/outbox`;

/** The mails to `to` (in the suite's outbox, or `outbox`), oldest first, with quoted-printable soft breaks and escapes undone. */
export function mailsTo(to: string, outbox: string = OUTBOX): string[] {
  let names: string[];
  try {
    names = readdirSync(outbox).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const address = new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi');
  return names
    .sort()
    .map((n) => readFileSync(join(outbox, n), 'utf8'))
    .filter((text) => address.test(text))
    .map((text) =>
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
}

/** A delivery address as the checkout review's fields take it. */
export const HOME_ADDRESS = {
  'Full name': 'Priya Shopper',
  Phone: '+91 98450 12345',
  'Address line 1': '12 Residency Road',
  'Address line 2': 'Flat 3C',
  City: 'Bengaluru',
  State: 'Karnataka',
  'PIN code': '560025',
} as const;

/** Fills the checkout review's delivery fields (inside `scope`). */
export async function fillDelivery(
  scope: Page | Locator,
  address: Record<string, string> = HOME_ADDRESS,
): Promise<void> {
  for (const [label, value] of Object.entries(address)) {
    await scope.getByLabel(label, { exact: true }).fill(value);
  }
}

/** The headers of an API call made as `email` (a signed-in staff member's lists lift the public limits). */
export async function bearerHeaders(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<{ Authorization: string }> {
  const res = await request.post('/token', { form: { username: email, password, grant_type: 'password' } });
  expect(res.status()).toBe(200);
  return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}
