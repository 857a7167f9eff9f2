import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { EXTRA_MESSAGES, STAFF_PASSWORD_MIN_LENGTH } from '../../lib/domain/account-rules.ts';

const requireHere = createRequire(import.meta.url);

/**
 * The score zxcvbn-ts must give a staff password: 4, its highest ("very
 * unguessable", about 10^10 guesses or more). Scored against the list of
 * frequently used and breached passwords that ships with `@zxcvbn-ts/language-common`
 * (about 49,000, matched case-insensitively, reversed and with l33t spellings
 * undone, as parts of the password too), so `Password123!` and `Welcome2024!!`,
 * which spec §5's rule lets through, score 1 and 3.
 */
export const STAFF_PASSWORD_MIN_SCORE = 4;

/**
 * How much of a password is scored, and how many l33t substitutions are tried:
 * the estimate grows much faster than the length (a 120-character password took
 * about a second with the defaults of 256 and 100), and it runs on the event
 * loop. With these, the worst case measured stays near 40 ms (bench/README.md
 * "Staff password checks"); a password whose first 32 characters score 4 is
 * strong whatever follows.
 */
export const SCORED_LENGTH = 32;
const L33T_MAX_SUBSTITUTIONS = 4;

let estimator: ZxcvbnFactory | undefined;

// Loaded on first use (decompressing the dictionaries takes a moment): a process that sets no staff password never loads it.
function strength(): ZxcvbnFactory {
  if (estimator === undefined) {
    const core = requireHere('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = requireHere('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    estimator = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: SCORED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  }
  return estimator;
}

/** The words of an account that its password should not lean on: the e-mail's parts and the shop's name. */
export function accountWords(email: string): string[] {
  return ['aisle', ...email.toLowerCase().split(/[^a-z0-9]+/)].filter((w) => w.length >= 3);
}

/**
 * What is wrong with a password for a staff account (Employee or Admin), on top
 * of spec §5's rule (checked by the caller): fewer than 12 characters, or a
 * zxcvbn-ts score below `STAFF_PASSWORD_MIN_SCORE`, named as a listed password
 * when the estimate rests on one, else as a guessable pattern. Empty when good.
 */
export function staffPasswordErrors(password: string, words: readonly string[]): string[] {
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) return [EXTRA_MESSAGES.staffPasswordTooShort];
  const result = strength().check(password, [...words]);
  if (result.score >= STAFF_PASSWORD_MIN_SCORE) return [];
  const listed = result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords-common',
  );
  return [listed ? EXTRA_MESSAGES.staffPasswordCommon : EXTRA_MESSAGES.staffPasswordGuessable];
}
