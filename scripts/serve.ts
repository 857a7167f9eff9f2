// npm run serve — serves the built site and the API from one port, without building.

import { loadConfig } from '../src/server/config.ts';
import { serveShop } from '../src/server/serve-shop.ts';

try {
  await serveShop(loadConfig());
} catch (err) {
  console.error(`serve failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
