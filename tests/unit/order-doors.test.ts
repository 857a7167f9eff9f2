import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One door, one home (ARCHITECTURE.md "Two doors below the framework", issue 29): an order
// reaches the server by two doors, the route (`routes/cart.ts`) and the fast path below the
// framework (`fast-orders.ts`), and both hand it to ONE entry, `orders/place-order.ts`'s
// `decideOrder`, which alone parses it, applies its rules and runs its steps. The item read
// has two doors too (`fast-reads.ts` and the route behind `app.ts`); the headers every
// answer carries and the request log line live in `api-answer.ts` for all of them. These
// tests read the sources and fail when a door writes a rule, a header table or a log line
// of its own, or reaches past the entry into the order's statements, steps or runners.

const SERVER = resolve(import.meta.dirname, '../../src/server');

/** The order's doors. */
const ORDER_DOORS = ['routes/cart.ts', 'fast-orders.ts'];
/** Every door whose answers carry the API's headers and a request log line. */
const ANSWERING_DOORS = ['api-shell.ts', 'fast-reads.ts', 'fast-orders.ts'];
/** The one entry of an order, and the parts only it (and they each other) may import. */
const ORDER_ENTRY = 'orders/place-order.ts';
const ORDER_PARTS = [
  'orders/order-statements.ts',
  'orders/order-steps.ts',
  'orders/order-groups.ts',
  'orders/order-runners.ts',
  'orders/bulk-steps.ts',
];
/** The one home of the header table and the request log line. */
const ANSWER_HOME = 'api-answer.ts';

/**
 * What only the order's entry may say: its body's fields and their rules (`SaveAddress`,
 * `DeliveryAddress`, the non-empty cart), the replay of a repeated key, the limits, what a
 * placed order is counted as, and the mail it sends.
 */
const ORDER_RULE_MARKERS = [
  'SaveAddress',
  'DeliveryAddress',
  'parseDeliveryBody',
  'resolveDelivery',
  'findReplay',
  'Idempotent-Replayed',
  'must hold at least one item',
  'openOrdersMax',
  'openOrdersMessage',
  'short of stock',
  'orderPlaced',
  'orderReplayed',
  'mailQueue.kick',
  'siteUrlOf',
];
/** The fast path reads no cart line itself (the route still does, for Check Stock and the merge). */
const FAST_PATH_MARKERS = [...ORDER_RULE_MARKERS, 'parseCartBody', 'keptLines', 'assertKnownItems'];
/** What only the answers' home may say: the header table's parts and the request log line. */
const ANSWER_MARKERS = ['API_SECURITY_HEADERS', 'personalAnswerHeaders', 'SLOW_REQUEST_MS', "msg: 'request'"];

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const source = (file: string) => readFileSync(join(SERVER, file), 'utf8');

/** The files of src/server (relative to it) that `file` imports. */
function importsOf(file: string): string[] {
  return ts
    .preProcessFile(source(file), true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(SERVER, resolve(dirname(join(SERVER, file)), name)));
}

/** `file: marker` for each marker that `text`, its comments left out, contains. */
function markersIn(file: string, text: string, markers: readonly string[]): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return markers.filter((m) => code.includes(m)).map((m) => `${file}: ${m}`);
}

describe('one door, one home: the order and the fast reads', () => {
  const files = serverFiles(SERVER).map((f) => relative(SERVER, f));

  it('reads the real sources', () => {
    for (const file of [...ORDER_DOORS, ...ANSWERING_DOORS, ORDER_ENTRY, ...ORDER_PARTS, ANSWER_HOME]) {
      expect(files, file).toContain(file);
    }
    expect(markersIn(ORDER_ENTRY, source(ORDER_ENTRY), ['SaveAddress', 'findReplay', 'orderPlaced'])).toHaveLength(3);
    expect(markersIn(ANSWER_HOME, source(ANSWER_HOME), ANSWER_MARKERS)).toHaveLength(ANSWER_MARKERS.length);
  });

  it('has both order doors call the one entry, decideOrder', () => {
    for (const door of ORDER_DOORS) {
      expect(importsOf(door), door).toContain(ORDER_ENTRY);
      expect(source(door), door).toMatch(/\bdecideOrder\(deps, \{/);
    }
  });

  it("lets no file but the entry reach the order's statements, steps or runners", () => {
    const reaching = files
      .filter((f) => f !== ORDER_ENTRY && !ORDER_PARTS.includes(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => ORDER_PARTS.includes(t))
          .map((t) => `${f} -> ${t}`),
      );
    expect(reaching).toEqual([]);
    for (const door of ORDER_DOORS) {
      expect(importsOf(door), door).not.toContain('orders/delivery-input.ts');
    }
  });

  it("keeps every order rule out of the doors: they only read the request and write the entry's answer", () => {
    expect(markersIn('routes/cart.ts', source('routes/cart.ts'), ORDER_RULE_MARKERS)).toEqual([]);
    expect(markersIn('fast-orders.ts', source('fast-orders.ts'), FAST_PATH_MARKERS)).toEqual([]);
  });

  it('keeps the header table and the request log line in api-answer.ts alone', () => {
    expect(ANSWERING_DOORS.flatMap((door) => markersIn(door, source(door), ANSWER_MARKERS))).toEqual([]);
    for (const door of ANSWERING_DOORS) expect(importsOf(door), door).toContain(ANSWER_HOME);
    const logLines = files.filter((f) => f !== ANSWER_HOME && markersIn(f, source(f), ["msg: 'request'"]).length > 0);
    expect(logLines).toEqual([]);
  });

  it('fails on a door that re-implements a rule (markers in code count, in comments not)', () => {
    const copied = `
      // The route once read SaveAddress here.
      const saveRaw = field(body, 'SaveAddress');
      log({ level: ms >= SLOW_REQUEST_MS ? 'warn' : 'info', msg: 'request', method, path, status, ms });
    `;
    expect(markersIn('routes/x.ts', copied, ORDER_RULE_MARKERS)).toEqual(['routes/x.ts: SaveAddress']);
    expect(markersIn('fast-x.ts', copied, ANSWER_MARKERS)).toEqual([
      'fast-x.ts: SLOW_REQUEST_MS',
      "fast-x.ts: msg: 'request'",
    ]);
    expect(markersIn('routes/x.ts', "/** SaveAddress is the entry's. */\nconst a = 1;", ORDER_RULE_MARKERS)).toEqual(
      [],
    );
  });
});
