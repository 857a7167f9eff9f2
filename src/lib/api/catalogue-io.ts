import type { $Fetch } from 'ofetch';
import { toQuery } from './client.ts';
import type { FeedClientDto, ImportJobDto, NewFeedClientDto } from './wire.ts';

export type { FeedClientDto };

/** A new feed key: its name, the stores it may write, and when it stops working (null: never). */
export interface FeedClientForm {
  Name: string;
  Stores: number[];
  ExpiresAt: string | null;
}

/** Which items an export holds: the items table's filters. */
export interface ExportFilter {
  storeId?: number | undefined;
  dbId?: number | undefined;
  sectionId?: number | undefined;
  filter?: string | undefined;
}

/** Bulk import and export (docs/api.md "Bulk import and export") and the feed clients' keys. */
export interface CatalogueIoApi {
  /** Starts an import as a job (`async=true`): read its progress with `job`. */
  startImport(file: File, dryRun: boolean): Promise<ImportJobDto>;
  job(id: string): Promise<ImportJobDto>;
  /** The export file of a filter, to save. */
  exportFile(filter: ExportFilter, format: 'csv' | 'xlsx'): Promise<{ blob: Blob; name: string }>;
  feedClients(): Promise<FeedClientDto[]>;
  createFeedClient(form: FeedClientForm): Promise<NewFeedClientDto>;
  revokeFeedClient(id: number): Promise<FeedClientDto>;
}

export function createCatalogueIoApi(api: $Fetch): CatalogueIoApi {
  return {
    startImport: (file, dryRun) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return api<ImportJobDto>('/api/Catalogue/Import', {
        method: 'POST',
        body: form,
        query: toQuery({ async: true, dryRun, name: file.name }),
      });
    },
    job: (id) => api<ImportJobDto>(`/api/Catalogue/Import/${encodeURIComponent(id)}`),
    exportFile: (filter, format) =>
      readFile(api, '/api/Catalogue/Export', toQuery({ format, ...filter }), `aisle-items.${format}`),
    feedClients: () => api<FeedClientDto[]>('/api/FeedClient/ReadAll'),
    createFeedClient: (form) => api<NewFeedClientDto>('/api/FeedClient/Create', { method: 'POST', body: form }),
    revokeFeedClient: (id) => api<FeedClientDto>(`/api/FeedClient/Revoke/${id}`, { method: 'POST' }),
  };
}

/** A file the API answers (an export, a report's CSV) with the name its `Content-Disposition` gives. */
export async function readFile(
  api: $Fetch,
  path: string,
  query: Record<string, string>,
  fallbackName: string,
): Promise<{ blob: Blob; name: string }> {
  const res = await api.raw<Blob, 'blob'>(path, { query, responseType: 'blob' });
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: res._data as Blob, name };
}

/** Saves a blob as a file in the browser. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
