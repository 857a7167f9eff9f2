/**
 * Text the shop refuses whatever the field: a NUL character (U+0000).
 * PostgreSQL's text cannot hold one and SQLite would store it silently, so it
 * is refused at the door, with a 400 naming the field, on both engines.
 */
export const NUL_RULE = 'must not contain a NUL character (U+0000)';

export function hasNul(text: string): boolean {
  return text.includes('\0');
}

/** One array or object being walked by `findNul`: its values, its keys (objects), the next to look at. */
interface NulFrame {
  values: unknown[];
  keys: string[] | undefined;
  next: number;
}

/** The path of the value each frame of `stack` is looking at, from the outermost. */
function pathOf(stack: readonly NulFrame[], prefix: string): string {
  let path = prefix;
  for (const frame of stack) {
    const i = frame.next - 1;
    if (frame.keys === undefined) path = `${path}[${i}]`;
    else path = path === '' ? (frame.keys[i] as string) : `${path}.${frame.keys[i]}`;
  }
  return path;
}

/**
 * The path (`CartItems[2].Staus`, `DeliveryAddress.City`) of the first text in
 * a parsed JSON value, key included, that holds a NUL; undefined when none does.
 * Walks with a stack of its own instead of recursing, so a value nested
 * however deep cannot overflow the call stack, and builds a path only for the
 * text it names.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  const stack: NulFrame[] = [];
  let current: unknown = value;
  for (;;) {
    if (typeof current === 'string') {
      if (hasNul(current)) return pathOf(stack, path) || '(body)';
    } else if (Array.isArray(current)) {
      stack.push({ values: current, keys: undefined, next: 0 });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      stack.push({ values: Object.values(current), keys, next: 0 });
    }
    let frame = stack.at(-1);
    while (frame !== undefined && frame.next >= frame.values.length) {
      stack.pop();
      frame = stack.at(-1);
    }
    if (frame === undefined) return undefined;
    const i = frame.next++;
    if (frame.keys !== undefined && hasNul(frame.keys[i] as string)) return pathOf(stack, path);
    current = frame.values[i];
  }
}
