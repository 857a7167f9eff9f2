import { rowKey } from '../lib/catalogue/catalogue.ts';
import type { ItemDto } from '../lib/domain/catalogue.ts';

/**
 * The items a long-lived rebuild process (`--watch`, `--every`) read for its earlier runs,
 * kept between runs so that the next edit in the same store database reads none of them
 * again: every kept row is the item as of `cursor` (the change feed's), and the feed, read
 * from that cursor, names every row that changed since with its new values. A whole store
 * database (read for a book that lists items by CustomOrder) and a section's filed items
 * are kept as sets; an item that moves between sections leaves one set and joins the other.
 * Anything else the feed reports (a reshape: a row added or deleted, a section or store
 * changed), or a feed read from another cursor (another builder published, a run failed),
 * forgets everything: the rows are read again, as a cold rebuild reads them.
 */
export class KeptItems {
  #cursor: string | null = null;
  /** Whole store databases by DbID: every item of each. */
  readonly #dbs = new Map<number, Map<number, ItemDto>>();
  /** Sections' filed items by `rowKey(SectionID, DbID)`. */
  readonly #sections = new Map<string, Map<number, ItemDto>>();
  #size = 0;
  readonly #limit: number;

  /** `limit`: the most rows kept; past it the sets used least recently go. */
  constructor(limit = 20_000) {
    this.#limit = limit;
  }

  /** Rows kept, over all sets. */
  get size(): number {
    return this.#size;
  }

  /**
   * The feed's answer to a read from `since`: `changed` (null: it asks for a whole read)
   * brings the kept rows up to `cursor`, or, read from another cursor, everything is forgotten.
   * The rows kept after this call (`keepDb`, `keepSection`) must have been read after the feed.
   */
  advance(since: string | null, cursor: string | null, changed: readonly ItemDto[] | null): void {
    if (since === null || cursor === null || changed === null || since !== this.#cursor) this.forget();
    else {
      for (const item of changed) {
        for (const set of [...this.#dbs.values(), ...this.#sections.values()]) set.delete(item.ItemID);
        this.#dbs.get(item.DbID)?.set(item.ItemID, item);
        if (item.SectionID !== null) this.#sections.get(rowKey(item.SectionID, item.DbID))?.set(item.ItemID, item);
      }
      this.#recount();
    }
    this.#cursor = cursor;
  }

  forget(): void {
    this.#dbs.clear();
    this.#sections.clear();
    this.#size = 0;
    this.#cursor = null;
  }

  /** Every item of store database `dbId`, when kept. */
  db(dbId: number): ItemDto[] | undefined {
    return this.#use(this.#dbs, dbId);
  }

  /** The items filed in a section, when kept (or when their whole store database is). */
  section(sectionId: number, dbId: number): ItemDto[] | undefined {
    const whole = this.#dbs.get(dbId);
    if (whole !== undefined) return [...whole.values()].filter((i) => i.SectionID === sectionId);
    return this.#use(this.#sections, rowKey(sectionId, dbId));
  }

  keepDb(dbId: number, rows: readonly ItemDto[]): void {
    if (this.#cursor === null) return;
    this.#keep(this.#dbs, dbId, rows);
    // A section of a kept database is answered from it.
    for (const key of [...this.#sections.keys()]) if (key.endsWith(`/${dbId}`)) this.#sections.delete(key);
    this.#recount();
  }

  keepSection(sectionId: number, dbId: number, rows: readonly ItemDto[]): void {
    if (this.#cursor === null || this.#dbs.has(dbId)) return;
    this.#keep(this.#sections, rowKey(sectionId, dbId), rows);
    this.#recount();
  }

  #use<K>(sets: Map<K, Map<number, ItemDto>>, key: K): ItemDto[] | undefined {
    const set = sets.get(key);
    if (set === undefined) return undefined;
    // The most recently used last: the first sets go first when the kept rows pass the limit.
    sets.delete(key);
    sets.set(key, set);
    return [...set.values()];
  }

  #keep<K>(sets: Map<K, Map<number, ItemDto>>, key: K, rows: readonly ItemDto[]): void {
    sets.delete(key);
    sets.set(key, new Map(rows.map((i) => [i.ItemID, i])));
  }

  #recount(): void {
    this.#size = 0;
    for (const set of [...this.#dbs.values(), ...this.#sections.values()]) this.#size += set.size;
    while (this.#size > this.#limit) {
      const section = this.#sections.entries().next();
      const db = this.#dbs.entries().next();
      if (section.done !== true) {
        this.#size -= section.value[1].size;
        this.#sections.delete(section.value[0]);
      } else if (db.done !== true) {
        this.#size -= db.value[1].size;
        this.#dbs.delete(db.value[0]);
      } else break;
    }
  }
}
