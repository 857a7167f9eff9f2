/* The answers of the staff calls (docs/api.md "Staff calls"); the forms that produce them are `catalogue-forms.ts`. */

import type { AuditChange } from './audit-detail.ts';

/** A store database (the spec's DbID): `GET /api/StoreDb/Read/{id}`. */
export interface StoreDbDto {
  DbID: number;
  StoreID: number;
  DbTitle: string;
  DbUpdatedTime: string;
  /** Sections (drafts) filed in it. */
  SectionCount: number;
  ItemCount: number;
}

/** A section as staff edit it in a store database, published or not: `GET /api/Section/Read/{id}`. */
export interface StaffSectionDto {
  SectionID: number;
  DbID: number;
  StoreID: number;
  SectionTitle: string;
  SectionMetaDescription: string;
  /** Sanitized HTML. */
  SectionContent: string;
  SectionHidden: boolean;
  /** JSON text: ItemIDs in display order. */
  CustomOrder: string;
  SectionUpdatedTime: string;
  ItemCount: number;
  /** Whether a public copy exists (Publisher), and when it was last published. */
  Published: boolean;
  PublishedTime: string | null;
}

/** One audit log entry: `GET /api/Log/ReadAll`. */
export interface AuditEntryDto {
  LogID: number;
  At: string;
  ActorID: number | null;
  ActorEmail: string;
  /** Stable dotted name such as `item.edited` or `role.added`. */
  Action: string;
  /** What was acted on, such as `item:12`. */
  Target: string;
  Detail: Record<string, unknown>;
  /** The caller's network address. */
  Address: string;
  /** The target's name as staff know it (`Nashik Green Grapes (1 kg)`, an account's e-mail), read when the log is read; null when unknown. */
  TargetName: string | null;
  /** The staff page that works with the target (the item's editor, the order on the board, the account's page); null when it is gone. */
  TargetLink: string | null;
  /** What happened, naming the target: `edited Nashik Green Grapes (1 kg) — item #2`. */
  Summary: string;
  /** The detail as labelled lines: `{ Label: 'Unit price', From: 'Rs 149', To: 'Rs 169' }`. */
  Changes: AuditChange[];
}

/** Progress of the site build this server runs (`POST /api/Site/Publish`). */
export interface SiteBuildDto {
  Running: boolean;
  /** A "Publish now" came while this build ran: the next build starts when it ends. */
  Queued: boolean;
  StartedAt: string | null;
  /** Steps (or, in a phase that counts, units) done of Total. */
  Done: number;
  Total: number;
  /** `idle`, `starting`, a phase the build announced (`api`, `catalogue`, `render`, `write`, …), `done` or `failed`. */
  Phase: string;
  /** The latest line the build printed, or the outcome. */
  Message: string;
}

/** `GET /api/Site/Status`. */
export interface SiteStatusDto {
  /** Public content changed after the content the last successful build read. */
  OutOfDate: boolean;
  ContentChangedAt: string | null;
  LastBuiltAt: string | null;
  Build: SiteBuildDto;
  /** The last finished build, from any process (`npm run build` too), or null before the first. */
  LastBuild: { Status: 'succeeded' | 'failed'; FinishedAt: string | null; LogTail: string } | null;
}

/** The body of a 409 refusing a delete that other rows refer to. */
export interface ReferencedConflictDto {
  Message: string;
  /** How many rows of each kind refer to the target, such as `{ "Stores": 4 }`. */
  References: Record<string, number>;
}
