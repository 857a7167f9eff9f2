/**
 * The words of the shop's search (issue 34): how a text becomes words, the roots a word
 * is looked for by (English -s/-es/-ies plurals), how many typos a word may carry, and
 * the edit distance that counts them. Pure: the API's search, its tests and the
 * relevance benchmark share it, so both database engines see the same words.
 */

/** Lower case, Latin accents dropped, every run of characters that are not letters or digits one space, trimmed. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]+/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a text, normalised (`normaliseText`), in order. */
export function wordsOf(text: string): string[] {
  const n = normaliseText(text);
  return n === '' ? [] : n.split(' ');
}

/**
 * The singular a word is keyed by: `tomatoes` → `tomato`, `berries` → `berry`,
 * `boxes` → `box`, `leaves` → `leaf`, `eggs` → `egg`; `glass`, `citrus`, `dal` stay. Synonyms and
 * products are compared by it.
 */
export function singularOf(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ves') && word.length > 4) return `${word.slice(0, -3)}f`;
  if (/(?:[sxz]|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('oes') && word.length > 5) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The roots a word is looked for by, each matched as the start of a word of a title,
 * so that singular and plural find each other: `tomato` and `tomatoes` both give
 * `tomato` (a start of `tomatoes`); `berry` gives `berry` and `berri` (`berries`);
 * `chillies` gives `chilly` and `chilli`; `leaf` gives `leaf` and `leav` (`leaves`).
 */
export function rootsOf(word: string): string[] {
  const one = singularOf(word);
  const roots = new Set<string>([one]);
  if (word.endsWith('ies') && word.length > 4) roots.add(`${word.slice(0, -3)}i`);
  else if (/[^aeiou]y$/.test(one) && one.length >= 4) roots.add(`${one.slice(0, -1)}i`);
  else if (one.endsWith('f') && one.length >= 4) roots.add(`${one.slice(0, -1)}v`);
  return [...roots];
}

/** Typos a word of the query may carry: none below 5 letters, one from 5, two from 9. */
export function typoBudget(word: string): number {
  const n = [...word].length;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

/**
 * The Damerau (optimal string alignment) distance between `a` and `b`, or `max + 1`
 * when it is above `max`. With `prefix`, the least distance between `a` and any start
 * of `b` (the last word of a query is still being typed).
 */
export function editDistance(a: string, b: string, max: number, prefix = false): number {
  const m = a.length;
  const n = prefix ? Math.min(b.length, m + max) : b.length;
  if (!prefix && Math.abs(m - n) > max) return max + 1;
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = new Array<number>(n + 1).fill(0);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  const last = prefix ? Math.min(...prev.slice(Math.max(0, m - max))) : (prev[n] as number);
  return last > max ? max + 1 : last;
}
