/** English for counts and names in messages: `1 line`, `3 lines`, `Organic Greens' items`. */

/** `1 line`, `2 lines`; `many` for irregular plurals (`category`, `categories`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}

/** `Apple's`, `Organic Greens'`: the possessive of a name. */
export function possessive(name: string): string {
  return /s$/i.test(name.trim()) ? `${name}'` : `${name}'s`;
}
