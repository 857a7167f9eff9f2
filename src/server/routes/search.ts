import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { parseSearchParams, searchItems } from '../catalogue/search.ts';
import { readSynonymGroups, saveSynonyms } from '../catalogue/search-synonyms.ts';
import { staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { queryValue, readJsonObject } from '../http/input.ts';

/** A CDN may keep a search's answer half a minute, and serve it a minute longer while it asks again. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';

/**
 * `/api/Search` (issue 34): `GET ?q=&page=&limit=` (public) finds products as a shopper
 * means them; `GET`/`PUT /Synonyms` (Employee) read and replace the synonym groups.
 */
export function searchRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db, dialect } = deps;
  const staff = requireRole(deps, 'Employee');
  return (
    new Hono<AuthEnv>()
      // A page of a large chain's hits lists many stores: sent compressed to a client that takes it.
      .get('/', compress(), async (c) => {
        const params = parseSearchParams(queryValue(c, 'q'), queryValue(c, 'page'), queryValue(c, 'limit'));
        return c.json(await searchItems(db, dialect, params), 200, { 'Cache-Control': SEARCH_CACHE_CONTROL });
      })
      .get('/synonyms', staff, async (c) =>
        c.json({ Groups: await readSynonymGroups(db) }, 200, { 'Cache-Control': 'no-store' }),
      )
      .put('/synonyms', staff, async (c) => c.json(await saveSynonyms(db, staffAct(c, deps), await readJsonObject(c))))
  );
}
