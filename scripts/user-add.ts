// npm run user:add -- --email E --role Admin|Employee|User [--name "Full Name"]
//   [--password P | --password-stdin]   (or AISLE_PASSWORD in the environment, or typed at a prompt)
//   [--reset-mfa]
// Creates a confirmed account, or updates the role(s) and password of an existing one (and with
// --reset-mfa removes its second factor). Admin and Employee passwords must meet the staff rules.
// A password on the command line is seen by every user of the machine (ps) and kept in the
// shell's history, so standard input, the environment or the prompt are the ways to prefer.
import { parseArgs } from 'node:util';
import { ensureAccount, isRoleName } from '../src/server/auth/accounts.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { AppError } from '../src/server/errors.ts';

const USAGE =
  'Usage: npm run user:add -- --email E --role Admin|Employee|User [--name "Full Name"] ' +
  '[--password P | --password-stdin] [--reset-mfa]\n' +
  '  The password is read, in this order, from --password, from standard input with --password-stdin, ' +
  'from AISLE_PASSWORD, or typed at a prompt (not shown) when run in a terminal.\n' +
  '  Admin and Employee passwords need at least 12 characters and must not be common or breached ones.\n' +
  '  --reset-mfa removes the second factor of an existing account (a lost phone and lost recovery codes).';

function fail(message: string): never {
  console.error(`user:add: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: {
  email?: string;
  password?: string;
  'password-stdin'?: boolean;
  role?: string;
  name?: string;
  'reset-mfa'?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      role: { type: 'string' },
      name: { type: 'string' },
      'reset-mfa': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  fail((err as Error).message);
}

/** The first line of standard input, without its line ending. */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** Asks for the password on the terminal without echoing what is typed. */
async function prompt(question: string): Promise<string> {
  process.stderr.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  let typed = '';
  try {
    for await (const chunk of stdin) {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') return typed;
        if (ch === '\u0003') fail('cancelled.');
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    }
    return typed;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write('\n');
  }
}

async function readPassword(): Promise<string | undefined> {
  if (values.password !== undefined) return values.password;
  if (values['password-stdin'] === true) return firstLineOfStdin();
  const fromEnv = process.env.AISLE_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return process.stdin.isTTY ? prompt('Password: ') : undefined;
}

const { email, role, name } = values;
if (email === undefined || email.trim() === '') fail('--email is required.');
if (values.password !== undefined && values['password-stdin'] === true) {
  fail('give the password either with --password or with --password-stdin, not both.');
}
if (role === undefined) fail('--role is required: Admin, Employee or User.');
if (!isRoleName(role)) fail(`--role must be Admin, Employee or User (exactly), got "${role}".`);
const password = await readPassword();
if (password === undefined || password === '') {
  fail('--password is required: give it with --password-stdin, AISLE_PASSWORD, --password or at the prompt.');
}

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db.db);
  const result = await ensureAccount(db.db, {
    email,
    password,
    role,
    fullName: name,
    resetMfa: values['reset-mfa'] === true,
    now: new Date(),
  });
  console.log(
    `${result.created ? 'Created' : 'Updated'} account ${result.id} (${email.trim().toLowerCase()}) with role(s) ${result.roles.join(', ')}; it is confirmed and can sign in.`,
  );
  if (result.mfaReset) console.log('Its second factor was removed: it can set a new one up from My Profile.');
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
