// npm run user:add -- --email E --password P --role Admin|Employee|User [--name "Full Name"]
// Creates a confirmed account, or updates the role(s) and password of an existing one.
import { parseArgs } from 'node:util';
import { ensureAccount, isRoleName } from '../src/server/auth/accounts.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { AppError } from '../src/server/errors.ts';

const USAGE = 'Usage: npm run user:add -- --email E --password P --role Admin|Employee|User [--name "Full Name"]';

function fail(message: string): never {
  console.error(`user:add: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { email?: string; password?: string; role?: string; name?: string };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  fail((err as Error).message);
}

const { email, password, role, name } = values;
if (email === undefined || email.trim() === '') fail('--email is required.');
if (password === undefined || password === '') fail('--password is required.');
if (role === undefined) fail('--role is required: Admin, Employee or User.');
if (!isRoleName(role)) fail(`--role must be Admin, Employee or User (exactly), got "${role}".`);

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db.db);
  const result = await ensureAccount(db.db, { email, password, role, fullName: name, now: new Date() });
  console.log(
    `${result.created ? 'Created' : 'Updated'} account ${result.id} (${email.trim().toLowerCase()}) with role(s) ${result.roles.join(', ')}; it is confirmed and can sign in.`,
  );
} catch (err) {
  if (err instanceof AppError && err.status === 400) {
    const flag: Record<string, string> = { Email: '--email', Password: '--password', FullName: '--name' };
    const fields = Object.entries(err.modelState ?? {}).map(([f, msgs]) => `  ${flag[f] ?? f}: ${msgs.join(' ')}`);
    console.error(`user:add: ${fields.length > 0 ? `invalid arguments\n${fields.join('\n')}` : err.message}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(`user:add failed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
