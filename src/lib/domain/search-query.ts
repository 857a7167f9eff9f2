import { editDistance, rootsOf, singularOf, typoBudget, wordsOf } from './search-words.ts';

/**
 * A query of the shop's search (issue 34) as a tree of word starts to look for in an
 * item's text (its title and size, `normaliseText`d, with a space before every word).
 * A leaf holds when the text has ` ${text}`: a word starting with `text` (or a phrase
 * whose last word starts so). Both engines run the tree as their index's query, and
 * `scoreText` then checks and scores every candidate the same way in TypeScript, so
 * SQLite and PostgreSQL answer alike.
 */
export type SearchNode =
  | { kind: 'leaf'; text: string; weight: number }
  | { kind: 'and'; of: SearchNode[] }
  | { kind: 'or'; of: SearchNode[] };

/** What the search knows of the catalogue's words and the staff's synonyms. */
export interface Lexicon {
  /** Whether some word of the catalogue starts with `start`. */
  hasWordStart(start: string): boolean;
  /** Whether `word` is a word of the catalogue (or of a synonym). */
  isWord(word: string): boolean;
  /** Words of the catalogue within `budget` typos of `word` (of a start of them, with `prefix`), nearest first. */
  nearWords(word: string, budget: number, prefix: boolean): { word: string; distance: number }[];
  /** The other terms of every synonym group holding the term keyed `key` (`synonymKey`). */
  synonymsOf(key: string): readonly string[];
}

/** The most words of a query that count; the rest are ignored. */
export const QUERY_WORDS_MAX = 8;
/** The shortest query: one word of 2 characters. */
export const QUERY_MIN_CHARS = 2;

const EXACT = 10;
const ROOT = 9;
const JOINED = 9;
// A synonym is the staff's word for the same thing: it counts as a root of the word typed.
const SYNONYM = 9;
const TYPO = 6;

/** How a term of a synonym group is keyed: its words in the singular, one space apart. */
export function synonymKey(term: string): string {
  return wordsOf(term).map(singularOf).join(' ');
}

/** The words a query is searched by (those of 2 characters or more), or an empty list. */
export function queryWords(q: string): string[] {
  return wordsOf(q)
    .filter((w) => [...w].length >= QUERY_MIN_CHARS)
    .slice(0, QUERY_WORDS_MAX);
}

const leaf = (text: string, weight: number): SearchNode => ({ kind: 'leaf', text, weight });

function anyOf(nodes: SearchNode[]): SearchNode | null {
  const seen = new Map<string, SearchNode>();
  const rest: SearchNode[] = [];
  for (const n of nodes) {
    if (n.kind !== 'leaf') rest.push(n);
    else {
      const had = seen.get(n.text);
      if (had === undefined || (had.kind === 'leaf' && had.weight < n.weight)) seen.set(n.text, n);
    }
  }
  const all = [...seen.values(), ...rest];
  if (all.length === 0) return null;
  return all.length === 1 ? (all[0] as SearchNode) : { kind: 'or', of: all };
}

/** The leaves of the other terms of the synonym groups of `key`, the last word of each found by its roots. */
function synonymLeaves(lexicon: Lexicon, key: string, weight: number): SearchNode[] {
  return lexicon.synonymsOf(key).flatMap((term) => {
    const words = wordsOf(term);
    const head = words.slice(0, -1).join(' ');
    return rootsOf(words.at(-1) ?? '').map((r) => leaf(head === '' ? r : `${head} ${r}`, weight));
  });
}

/** Every way one word of the query may be found. */
function wordNode(lexicon: Lexicon, word: string, last: boolean): SearchNode | null {
  const roots = rootsOf(word);
  const out: SearchNode[] = roots.map((r) => leaf(r, r === word ? EXACT : ROOT));
  out.push(...synonymLeaves(lexicon, singularOf(word), SYNONYM));
  const budget = typoBudget(word);
  if (budget > 0 && !roots.some((r) => lexicon.hasWordStart(r))) {
    for (const r of roots) {
      for (const near of lexicon.nearWords(r, budget, last).slice(0, 6)) {
        out.push(leaf(near.word, TYPO - near.distance));
        // A synonym of a near word is a guess upon a guess: below the near word itself.
        out.push(...synonymLeaves(lexicon, singularOf(near.word), TYPO - near.distance - 1));
      }
    }
  }
  if (word.length >= 6) {
    let splits = 0;
    for (let j = 3; j <= word.length - 3 && splits < 3; j++) {
      const a = word.slice(0, j);
      const b = word.slice(j);
      if (!lexicon.isWord(a)) continue;
      if (last ? lexicon.hasWordStart(b) : lexicon.isWord(b) || lexicon.isWord(singularOf(b))) {
        out.push(leaf(`${a} ${last ? b : singularOf(b)}`, JOINED));
        splits += 1;
      }
    }
  }
  return anyOf(out);
}

/** Ways a run of `words` (2 or 3) may be found as one: written as one word, or a synonym of the phrase. */
function spanNode(lexicon: Lexicon, words: string[]): SearchNode | null {
  const out: SearchNode[] = [];
  if (words.length === 2) {
    const joined = words.join('');
    for (const r of rootsOf(joined)) if (lexicon.hasWordStart(r)) out.push(leaf(r, JOINED * 2));
  }
  out.push(...synonymLeaves(lexicon, words.map(singularOf).join(' '), SYNONYM * words.length));
  return anyOf(out);
}

function both(a: SearchNode, b: SearchNode | true): SearchNode {
  if (b === true) return a;
  const parts = [a, b].flatMap((n) => (n.kind === 'and' ? n.of : [n]));
  return { kind: 'and', of: parts };
}

/**
 * The tree of a query's words (`queryWords`): every word is found (AND), each by any of
 * its roots, synonyms, near words (typos, only for a word no catalogue word starts with)
 * or its split into two catalogue words; two or three words in a row may instead be
 * found written as one word or as a synonym of the phrase. The last word is a start
 * (being typed). Null for no words.
 */
export function buildSearchTree(words: readonly string[], lexicon: Lexicon): SearchNode | null {
  const n = words.length;
  if (n === 0) return null;
  const memo = new Map<number, SearchNode | true | null>();
  const from = (i: number): SearchNode | true | null => {
    if (i === n) return true;
    const known = memo.get(i);
    if (known !== undefined) return known;
    const options: SearchNode[] = [];
    const w = wordNode(lexicon, words[i] as string, i === n - 1);
    const rest = from(i + 1);
    if (w !== null && rest !== null) options.push(both(w, rest));
    for (let k = 2; k <= 3 && i + k <= n; k++) {
      const span = spanNode(lexicon, words.slice(i, i + k));
      const after = from(i + k);
      if (span !== null && after !== null) options.push(both(span, after));
    }
    const node = anyOf(options);
    memo.set(i, node);
    return node;
  };
  const tree = from(0);
  return tree === true ? null : tree;
}

/**
 * The text an item is searched in: its title and size, normalised, a space before and
 * after every word (the databases' index text is the same: migration 0390).
 */
export function searchTextOf(title: string, size: string): string {
  return ` ${wordsOf(`${title} ${size}`).join(' ')} `;
}

/**
 * How well `text` (`searchTextOf`) answers `node`: the best sum over a way the query is
 * found (a word found whole scores a point more than one found by its start), or null
 * when it is not found.
 */
export function scoreText(node: SearchNode, text: string): number | null {
  if (node.kind === 'leaf') {
    if (!text.includes(` ${node.text}`)) return null;
    return node.weight + (text.includes(` ${node.text} `) ? 1 : 0);
  }
  if (node.kind === 'and') {
    let sum = 0;
    for (const part of node.of) {
      const s = scoreText(part, text);
      if (s === null) return null;
      sum += s;
    }
    return sum;
  }
  let best: number | null = null;
  for (const part of node.of) {
    const s = scoreText(part, text);
    if (s !== null && (best === null || s > best)) best = s;
  }
  return best;
}

/** Every leaf text of a tree (the words an index is asked for). */
export function leafTexts(node: SearchNode): string[] {
  if (node.kind === 'leaf') return [node.text];
  return [...new Set(node.of.flatMap(leafTexts))];
}

/** A lexicon over a list of catalogue words and synonym groups (each a list of terms). */
export function makeLexicon(words: Iterable<string>, groups: readonly (readonly string[])[]): Lexicon {
  const synonyms = new Map<string, Set<string>>();
  const all = new Set<string>(words);
  for (const group of groups) {
    const terms = group.map((t) => wordsOf(t).join(' ')).filter((t) => t !== '');
    for (const t of terms) {
      for (const w of t.split(' ')) all.add(w);
      const key = synonymKey(t);
      const others = synonyms.get(key) ?? new Set<string>();
      for (const o of terms) if (synonymKey(o) !== key) others.add(o);
      synonyms.set(key, others);
    }
  }
  const sorted = [...all].sort();
  const hasWordStart = (start: string): boolean => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as string) < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && (sorted[lo] as string).startsWith(start);
  };
  return {
    hasWordStart,
    isWord: (w) => all.has(w),
    nearWords(word, budget, prefix) {
      const found: { word: string; distance: number }[] = [];
      for (const v of sorted) {
        if (v.length < 3) continue;
        const d = editDistance(word, v, budget, prefix);
        if (d <= budget && d > 0) found.push({ word: v, distance: d });
      }
      return found.sort((a, b) => a.distance - b.distance || a.word.length - b.word.length);
    },
    synonymsOf: (key) => [...(synonyms.get(key) ?? [])],
  };
}
