/**
 * Finds the inline `<script>` and `<style>` elements of an HTML page the way a
 * browser's tokenizer does (WHATWG HTML, "Tokenization"), for the hashes of
 * the Content-Security-Policy: only the text of those elements counts, never
 * text that merely looks like one inside an attribute value, a comment, or the
 * raw text of `<title>`, `<textarea>` and the like.
 *
 * A full build scans every page it writes (3 GB of HTML at 100,000 items), so
 * this follows only the states that decide where an element starts and ends,
 * jumping with `indexOf` from one `<` to the next, about twenty times faster
 * than a general parser (htmlparser2, which the tests use as the reference).
 * Like that parser, script data ends at the first `</script`, and the text is
 * kept as written, entities and all, as the browser hashes it.
 */

export interface InlineElement {
  kind: 'script' | 'style';
  /** The element's text as written. */
  text: string;
  /** Its attributes as written (names lower-cased; the first of a repeated name wins, as in a browser). */
  attrs: Map<string, string>;
}

/** Elements whose content is raw text up to their end tag (no tags are recognised inside). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isAlpha = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** Where the end tag `</name` (followed by space, `/` or `>`) starts at or after `from`, or -1. */
function endTagAt(html: string, name: string, from: number): number {
  let at = from;
  for (;;) {
    at = html.indexOf('</', at);
    if (at === -1) return -1;
    const after = at + 2 + name.length;
    if (html.slice(at + 2, after).toLowerCase() === name) {
      const c = html.charCodeAt(after);
      if (Number.isNaN(c) || isSpace(c) || c === 0x2f || c === 0x3e) return at;
    }
    at += 2;
  }
}

/**
 * Reads the attributes of a tag from `at` (just after its name) to its `>`.
 * Returns the position after the `>` (or the end of the page) and the attributes.
 */
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

function readAttributes(html: string, at: number, keep: boolean): { end: number; attrs: Map<string, string> } {
  // Only `<script>` and `<style>` keep theirs: the other tags of a page skip the allocation.
  const attrs = keep ? new Map<string, string>() : (NO_ATTRIBUTES as Map<string, string>);
  const n = html.length;
  let i = at;
  for (;;) {
    while (i < n && (isSpace(html.charCodeAt(i)) || html.charCodeAt(i) === 0x2f)) i++;
    if (i >= n) return { end: n, attrs };
    if (html.charCodeAt(i) === 0x3e) return { end: i + 1, attrs };
    // The attribute's name: a leading `=` belongs to it.
    const nameStart = i;
    i++;
    for (; i < n; i++) {
      const c = html.charCodeAt(i);
      if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
    }
    const name = keep ? html.slice(nameStart, i).toLowerCase() : '';
    let j = i;
    while (j < n && isSpace(html.charCodeAt(j))) j++;
    let value = '';
    if (html.charCodeAt(j) === 0x3d) {
      j++;
      while (j < n && isSpace(html.charCodeAt(j))) j++;
      const q = html.charCodeAt(j);
      if (q === 0x22 || q === 0x27) {
        const close = html.indexOf(q === 0x22 ? '"' : "'", j + 1);
        const stop = close === -1 ? n : close;
        if (keep) value = html.slice(j + 1, stop);
        i = stop + 1;
      } else {
        const start = j;
        while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 0x3e) j++;
        if (keep) value = html.slice(start, j);
        i = j;
      }
    }
    if (keep && !attrs.has(name)) attrs.set(name, value);
  }
}

/** Every `<script>` and `<style>` element of `html`, in order, with its text and attributes. */
export function scanInlineElements(html: string): InlineElement[] {
  const found: InlineElement[] = [];
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const c = html.charCodeAt(lt + 1);
    if (c === 0x21) {
      // `<!--` a comment (`<!-->` and `<!--->` end at once); any other `<!` a bogus comment up to `>`.
      if (html.startsWith('<!--', lt)) {
        if (html.startsWith('>', lt + 4)) i = lt + 5;
        else if (html.startsWith('->', lt + 4)) i = lt + 6;
        else {
          // It ends at the first `-->` or `--!>`.
          let k = lt + 4;
          for (;;) {
            k = html.indexOf('--', k);
            if (k === -1) {
              i = n;
              break;
            }
            if (html.charCodeAt(k + 2) === 0x3e) {
              i = k + 3;
              break;
            }
            if (html.charCodeAt(k + 2) === 0x21 && html.charCodeAt(k + 3) === 0x3e) {
              i = k + 4;
              break;
            }
            k++;
          }
        }
      } else {
        const end = html.indexOf('>', lt + 2);
        i = end === -1 ? n : end + 1;
      }
    } else if (c === 0x3f) {
      // `<?` a bogus comment up to `>`.
      const end = html.indexOf('>', lt + 2);
      i = end === -1 ? n : end + 1;
    } else if (c === 0x2f) {
      const d = html.charCodeAt(lt + 2);
      if (isAlpha(d)) {
        // An end tag: its attributes (an error, but tokenized) can hide a `>` in quotes.
        let j = lt + 3;
        while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 0x2f && html.charCodeAt(j) !== 0x3e) j++;
        i = readAttributes(html, j, false).end;
      } else if (d === 0x3e) {
        i = lt + 3;
      } else {
        // `</` then anything else: a bogus comment up to `>`.
        const end = html.indexOf('>', lt + 2);
        i = end === -1 ? n : end + 1;
      }
    } else if (isAlpha(c)) {
      let j = lt + 2;
      while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 0x2f && html.charCodeAt(j) !== 0x3e) j++;
      const name = html.slice(lt + 1, j).toLowerCase();
      // Everything after `<plaintext>` is text.
      if (name === 'plaintext') break;
      const raw = RAW_TEXT.has(name);
      const { end, attrs } = readAttributes(html, j, name === 'script' || name === 'style');
      i = end;
      if (raw) {
        const close = endTagAt(html, name, i);
        const stop = close === -1 ? n : close;
        if (name === 'script' || name === 'style') found.push({ kind: name, text: html.slice(i, stop), attrs });
        i = stop;
      }
    } else {
      // A `<` that starts no tag is text.
      i = lt + 1;
    }
  }
  return found;
}
