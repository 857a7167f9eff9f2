/**
 * How deep a request's JSON may nest arrays and objects. The API's bodies are a
 * few levels deep (a cart: the body, its list of lines, a line); a much deeper
 * one only serves to overflow code that walks a value recursively, so it is
 * refused, with a 400, before it is parsed.
 */
export const JSON_MAX_DEPTH = 64;

export const DEPTH_RULE = `must not nest arrays and objects more than ${JSON_MAX_DEPTH} levels deep`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Where JSON text first nests arrays and objects more than `max` levels deep:
 * the top-level field the deep value sits under (`CustomOrder`), `(body)` when
 * the body's own value is the deep one (a top-level array), undefined when
 * nothing is that deep. One pass over the text, without parsing it: brackets
 * inside strings (escaped quotes included) do not count. Text that is not JSON
 * is scanned the same way; the parser refuses it after.
 */
export function findTooDeep(text: string, max = JSON_MAX_DEPTH): string | undefined {
  let depth = 0;
  let inObject = false;
  let expectKey = false;
  let keyStart = -1;
  let keyEnd = -1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      const start = i;
      i++;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === QUOTE) break;
        i += c === BACKSLASH ? 2 : 1;
      }
      if (depth === 1 && inObject && expectKey) {
        keyStart = start;
        keyEnd = i + 1;
        expectKey = false;
      }
    } else if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      depth++;
      if (depth === 1) {
        inObject = ch === OPEN_OBJECT;
        expectKey = inObject;
        keyStart = -1;
      }
      if (depth > max) return inObject && keyStart !== -1 ? keyText(text.slice(keyStart, keyEnd)) : '(body)';
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      if (depth > 0) depth--;
    } else if (ch === COMMA && depth === 1 && inObject) {
      expectKey = true;
    }
  }
  return undefined;
}

/** A key's text as JSON reads it (`"a\"b"` is `a"b`), or as written when it is not a valid string. */
function keyText(quoted: string): string {
  try {
    const key: unknown = JSON.parse(quoted);
    if (typeof key === 'string') return key;
  } catch {
    // An unterminated or badly escaped key: name it as written.
  }
  return quoted.replace(/^"|"$/g, '');
}
