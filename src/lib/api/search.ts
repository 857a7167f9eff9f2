import type { $Fetch } from 'ofetch';

/** The search's synonym groups (`GET`/`PUT /api/Search/Synonyms`, issue 34). */
export interface SynonymGroups {
  Groups: string[][];
}

/** The staff's calls of the search (issue 34). */
export interface SearchApi {
  /** `GET /api/Search/Synonyms` (staff). */
  synonyms(): Promise<SynonymGroups>;
  /** `PUT /api/Search/Synonyms` (staff): replaces every group; answers them as saved. */
  saveSynonyms(groups: string[][]): Promise<SynonymGroups>;
}

export function createSearchApi(api: $Fetch): SearchApi {
  return {
    synonyms() {
      return api<SynonymGroups>('/api/Search/Synonyms');
    },
    saveSynonyms(groups) {
      return api<SynonymGroups>('/api/Search/Synonyms', { method: 'PUT', body: { Groups: groups } });
    },
  };
}
