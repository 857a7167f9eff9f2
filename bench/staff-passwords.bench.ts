// What the staff password check costs (issue 27): zxcvbn-ts runs on the event loop, and its
// estimate grows much faster than the password. Times `staffPasswordErrors` (the shop's options:
// the first 32 characters scored, 4 l33t substitutions) against zxcvbn-ts's defaults (256
// characters, 100 substitutions) on ordinary and on hostile 128-character passwords (the
// longest the shop takes), and the first call, which loads the dictionaries.
//
//   npm run bench:staff-passwords
//   npm run bench:staff-passwords -- --runs 20
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { accountWords, staffPasswordErrors } from '../src/server/auth/staff-passwords.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Number(values.runs);
const words = accountWords('ravi.kumar@aisle.test');

const started = performance.now();
staffPasswordErrors('Gr3en!Tea-pot', words);
const firstMs = performance.now() - started;
const defaults = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
defaults.check('warm up');

const cases: [string, string][] = [
  ['a good 13-character password', 'Gr3en!Tea-pot'],
  ['a listed one made longer', 'P@ssw0rd2024!'],
  ['a 31-character passphrase', 'correct horse battery staple 7!'],
  ['128 characters: a random 12 repeated', 'Kq8#vT2m!pLz'.repeat(11).slice(0, 128)],
  ['128 characters: l33t words repeated', 'P@ssw0rd'.repeat(16)],
  ['128 characters: l33t symbols repeated', '@0$1!3|7'.repeat(16)],
  ['128 characters: a passphrase repeated', 'correct horse battery staple '.repeat(5).slice(0, 128)],
];

function time(check: () => unknown): number {
  const at = performance.now();
  for (let i = 0; i < runs; i++) check();
  return (performance.now() - at) / runs;
}

console.log(
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg()[0]?.toFixed(2)}`,
);
console.log(`first call (loads the dictionaries): ${firstMs.toFixed(0)} ms\n`);
console.log('| password | the shop (ms) | zxcvbn-ts defaults (ms) |');
console.log('| --- | ---: | ---: |');
for (const [name, password] of cases) {
  const shop = time(() => staffPasswordErrors(password, words));
  const before = time(() => defaults.check(password, words));
  console.log(`| ${name} | ${shop.toFixed(1)} | ${before.toFixed(1)} |`);
}
