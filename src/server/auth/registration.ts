import type { Kysely } from 'kysely';
import { writeAudit } from '../audit.ts';
import type { Database } from '../db/schema.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid } from '../http/input.ts';
import { createMailer, type Mailer } from '../mail.ts';
import { enqueueMail } from '../mail-queue.ts';
import { accessCodeMail, accountExistsMail } from '../mail-templates.ts';
import {
  DELETED_EMAIL_DOMAIN,
  findUserByEmail,
  findUserById,
  insertAccount,
  replaceUnconfirmedPassword,
  undoRegistration,
  validateNewCredentials,
} from './accounts.ts';
import { countUse, throttleRegistration } from './anon-throttle.ts';
import { sweepCodeFailures } from './code-guard.ts';
import { CODE_LIFETIME_MS, codeIsSpent, codeSentAt, issueCode } from './email-codes.ts';
import { hashGateOf, hashNewPassword, hashPassword } from './passwords.ts';

/**
 * Registration of shoppers, from the request to the account's removal when it
 * is never confirmed. Nothing it answers tells whether an address or an id
 * belongs to an account: that is said only by mail, to the address itself.
 */

const CODE_MINUTES = CODE_LIFETIME_MS / 60_000;

/** A registration never confirmed is removed this long after it was last made. */
export const UNCONFIRMED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** A pending access code is mailed again at most this often. */
export const RESEND_COOLDOWN_MS = 60 * 1000;

/**
 * Limits on `/accountapi/resendcode`, counted per user id and per client
 * address whether or not the id belongs to an account waiting for confirmation,
 * so a refusal tells nothing about the id.
 */
export const RESEND_LIMITS = {
  perId: { max: 1, windowMs: RESEND_COOLDOWN_MS },
  perAddress: { max: 10, windowMs: 10 * 60 * 1000 },
} as const;

/**
 * The one answer to a registration: the same for a new address, a waiting one
 * and one with an account, and for any two addresses (it does not repeat the
 * address, so answers can be compared byte for byte).
 */
export const REGISTERED_MESSAGE = `Almost done: check your mail. Open the link we sent you within ${CODE_MINUTES} minutes to confirm your e-mail address. If the address already has an account, the mail says how to sign in instead.`;

/** The one answer to `resendcode`: the same for every id, whatever account it is or is not. */
export const RESENT_MESSAGE = `If this registration is still waiting for confirmation, we have sent a new access code to its e-mail address (at most one a minute). It is valid for ${CODE_MINUTES} minutes, and only the newest code works.`;

/** `POST /api/Account/Register` as the route read it. */
export interface Registration {
  /** Normalised (trimmed, lower-cased). */
  email: string;
  password: string;
  confirmPassword: string;
  ip: string;
  now: Date;
}

// Registration sends its mail before answering (not through the queue), with one mailer per app.
const mailers = new WeakMap<AppDeps['mail'], Mailer>();
function mailerOf(deps: AppDeps): Mailer {
  let mailer = mailers.get(deps.mail);
  if (mailer === undefined) {
    mailer = createMailer(deps.mail);
    mailers.set(deps.mail, mailer);
  }
  return mailer;
}

type Outcome = 'new' | 'replaced' | 'waiting' | 'taken';

/**
 * Registers a shopper, or mails the address's owner, and answers the same
 * either way (`REGISTERED_MESSAGE`). The fields are validated first (a 400
 * naming each); then the request is counted by the registration throttle
 * first (a 429 before any work), then the password is hashed whatever happens
 * next, so the answer takes as long for a taken address as for a new one.
 *
 * - a new address: an unconfirmed account (role `User`) and its access code;
 * - an unconfirmed account whose code is spent (expired, out of tries, none):
 *   the new password and a new code, same id (how an expired code is renewed);
 * - an unconfirmed account whose code still works: a new code, the first
 *   password kept (a second registration cannot replace the password of one
 *   waiting for its owner's click), and the mail says so;
 * - a confirmed account: no change; the owner is mailed that someone tried to
 *   register with the address, with the sign-in and reset links.
 *
 * The mail is sent before answering; when it cannot be, the registration is
 * undone and the answer is a 503, again the same for every address.
 */
export async function registerShopper(deps: AppDeps, input: Registration): Promise<string> {
  const { db } = deps;
  const { email, password, ip, now } = input;
  assertValid(validateNewCredentials({ Email: email, Password: password, ConfirmPassword: input.confirmPassword }));
  // The hash waits in the registration lane, then in the hash gate, so a burst of registrations
  // holds one hashing slot and sign-ins keep the others (see `anon-throttle.ts`).
  const guarded = deps.throttleAnonymous !== false;
  if (guarded) await throttleRegistration(db, ip, email, now);
  const gate = hashGateOf(deps);
  const passwordHash = await (guarded ? hashNewPassword(password, gate) : gate.run(() => hashPassword(password)));

  let existing = await findUserByEmail(db, email);
  let userId: number | undefined;
  let outcome: Outcome = 'taken';
  if (existing === undefined) {
    userId = await insertAccount(db, {
      email,
      password,
      passwordHash,
      fullName: '',
      roles: ['User'],
      confirmed: false,
      now,
    });
    if (userId !== undefined) outcome = 'new';
    // Taken meanwhile by a registration running beside this one: answered as a taken address.
    else existing = await findUserByEmail(db, email);
  }
  if (existing !== undefined) {
    userId = existing.id;
    if (existing.email_confirmed === 1) outcome = 'taken';
    else if (await codeIsSpent(db, existing.id, now)) {
      await replaceUnconfirmedPassword(db, existing.id, passwordHash, now);
      outcome = 'replaced';
    } else outcome = 'waiting';
  }
  // Neither inserted nor found: removed in between; there is nobody to mail.
  if (userId === undefined) return REGISTERED_MESSAGE;

  const mail =
    outcome === 'taken'
      ? accountExistsMail(email, siteUrlOf(deps))
      : accessCodeMail(userId, await issueCode(db, userId, now), CODE_MINUTES, siteUrlOf(deps), {
          keptFirstPassword: outcome === 'waiting',
        });
  try {
    await mailerOf(deps).send({ to: email, ...mail });
  } catch (err) {
    deps.log({ level: 'error', msg: 'registration mail failed', userId, error: String(err) });
    // Without the mail the registration is useless; undo it so the address can try again.
    if (outcome !== 'taken') await undoRegistration(db, userId, outcome !== 'new');
    throw new AppError(
      503,
      'internal',
      'We could not send the confirmation e-mail just now, so the registration was not kept. Please try again in a few minutes.',
      // "A few minutes", as every 503 of the API says when to come back.
      { headers: { 'Retry-After': '120' } },
    );
  }
  await writeAudit(db, {
    actorId: outcome === 'taken' ? null : userId,
    actorEmail: email,
    action: outcome === 'taken' ? 'account.register_taken' : 'account.registered',
    target: `user:${userId}`,
    detail:
      outcome === 'taken' ? {} : { replacedUnconfirmed: outcome === 'replaced', keptWaiting: outcome === 'waiting' },
    ip,
    at: now.toISOString(),
  });
  return REGISTERED_MESSAGE;
}

/** `POST /accountapi/resendcode` as the route read it. */
export interface ResendRequest {
  userId: number;
  ip: string;
  now: Date;
}

/**
 * `/accountapi/resendcode`: counted per id and per client address first (a 429
 * alike for every id); then, for an account waiting for confirmation whose
 * code was not mailed within the last minute, a new code (earlier ones stop
 * working) queued to its address and sent after commit. Answers
 * `RESENT_MESSAGE` whatever happened.
 */
export async function resendAccessCode(deps: AppDeps, req: ResendRequest): Promise<string> {
  const { db } = deps;
  const { userId, ip, now } = req;
  const byId = await countUse(db, `resend-id:${userId}`, RESEND_LIMITS.perId, now);
  const byAddress = await countUse(db, `resend-ip:${ip}`, RESEND_LIMITS.perAddress, now);
  const wait = Math.max(byId, byAddress);
  if (wait > 0) {
    throw new AppError(
      429,
      'too_many_requests',
      byAddress > 0
        ? `Too many new codes were asked for from your network; try again in ${wait} seconds.`
        : `A new code can be asked for once a minute; try again in ${wait} seconds.`,
      { headers: { 'Retry-After': String(wait) }, extra: { RetryAfterSeconds: wait } },
    );
  }
  const user = await findUserById(db, userId);
  if (user === undefined || user.email_confirmed === 1 || user.email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)) {
    return RESENT_MESSAGE;
  }
  const last = await codeSentAt(db, userId);
  if (last !== undefined && Date.parse(last) + RESEND_COOLDOWN_MS > now.getTime()) return RESENT_MESSAGE;
  await db.transaction().execute(async (trx) => {
    const code = await issueCode(trx, userId, now);
    await enqueueMail(
      trx,
      [{ to: user.email, kind: 'account.code', ...accessCodeMail(userId, code, CODE_MINUTES, siteUrlOf(deps)) }],
      now.toISOString(),
    );
    await writeAudit(trx, {
      actorId: userId,
      actorEmail: user.email,
      action: 'account.code_resent',
      target: `user:${userId}`,
      detail: {},
      ip,
      at: now.toISOString(),
    });
  });
  void deps.mailQueue?.kick();
  return RESENT_MESSAGE;
}

/**
 * Removes the registrations never confirmed whose last registration is older
 * than `UNCONFIRMED_KEPT_MS` and that have no code still working, no orders and
 * no cart (an account that was ever confirmed is never touched: confirming is
 * one-way, and an anonymised account keeps its orders); their roles and codes
 * go with them. Also forgets wrong-code counts that no longer decide anything.
 * Answers the ids removed. Safe to run from several processes at once.
 */
export async function removeUnconfirmedAccounts(db: Kysely<Database>, now: Date): Promise<number[]> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_KEPT_MS).toISOString();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('users')
      .where('email_confirmed', '=', 0)
      .where('updated_at', '<', cutoff)
      .where('email', 'not like', `%@${DELETED_EMAIL_DOMAIN}`)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('orders').select('orders.id').whereRef('orders.user_id', '=', 'users.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('carts').select('carts.user_id').whereRef('carts.user_id', '=', 'users.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('email_codes')
              .select('email_codes.user_id')
              .whereRef('email_codes.user_id', '=', 'users.id')
              .where('email_codes.expires_at', '>', at),
          ),
        ),
      )
      .returning(['id', 'email'])
      .execute();
    for (const row of removed) {
      await writeAudit(trx, {
        actorId: null,
        actorEmail: row.email,
        action: 'account.unconfirmed_removed',
        target: `user:${row.id}`,
        detail: { keptDays: UNCONFIRMED_KEPT_MS / (24 * 60 * 60 * 1000) },
        at,
      });
    }
    await sweepCodeFailures(trx, now);
    return removed.map((r) => r.id).sort((a, b) => a - b);
  });
}
