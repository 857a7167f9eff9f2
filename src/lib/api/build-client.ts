import type { $Fetch } from 'ofetch';
import { createApiClient } from './client.ts';

let client: $Fetch | undefined;

/** The API client the static build uses: `API_URL`, set by `npm run build`. */
export function buildApi(): $Fetch {
  if (client === undefined) {
    const baseURL = process.env.API_URL;
    if (baseURL === undefined || baseURL === '') {
      throw new Error('API_URL is not set: build the site with "npm run build", which provides an API.');
    }
    client = createApiClient({ baseURL, retry: 2 });
  }
  return client;
}
