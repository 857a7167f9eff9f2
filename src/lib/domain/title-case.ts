/**
 * A name in title case, as the navigation shows the signed-in user: every word
 * starts with an upper-case letter and goes on in lower case. Words are separated
 * by white space or hyphens, so an e-mail address stays one word
 * (`jane.DOE@example.com` → `Jane.doe@example.com`, `ANNA-maria  rao` → `Anna-Maria Rao`).
 * Runs of white space collapse to one space; the ends are trimmed.
 */
export function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/u)
    .map((word) =>
      word
        .toLocaleLowerCase('en-IN')
        .replace(/(^|-)(\p{L})/gu, (_match, sep: string, letter: string) => sep + letter.toLocaleUpperCase('en-IN')),
    )
    .join(' ');
}
