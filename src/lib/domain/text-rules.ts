/**
 * Text the shop refuses whatever the field: a NUL character (U+0000).
 * PostgreSQL's text cannot hold one and SQLite would store it silently, so it
 * is refused at the door, with a 400 naming the field, on both engines.
 */
export const NUL_RULE = 'must not contain a NUL character (U+0000)';

export function hasNul(text: string): boolean {
  return text.includes('\0');
}

/**
 * The path (`CartItems[2].Staus`, `DeliveryAddress.City`) of the first text in
 * a parsed JSON value, key included, that holds a NUL; undefined when none does.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path || '(body)' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (hasNul(key)) return at;
      const found = findNul(v, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
