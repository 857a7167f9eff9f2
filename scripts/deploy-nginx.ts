// npm run deploy:nginx [-- --site DIR] [--out DIR]
// Writes the live build's `_headers` and `_redirects` for nginx (src/publish/nginx-headers.ts), as
// the site file of docs/deploy.md includes them: DIR/site.conf (in its `server`) and
// DIR/redirects.conf (at the `http` level), each replaced atomically and only when it changes; or
// both to standard output. Exit codes: 0 written (or unchanged), 1 failed, 2 bad arguments.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseRedirects, parseRewrites } from '../src/lib/domain/redirects.ts';
import { nginxRedirectsFile, nginxSiteFile } from '../src/publish/nginx-headers.ts';
import { loadConfig } from '../src/server/config.ts';
import { parseHeaders } from '../src/server/site-headers.ts';

const USAGE =
  'Usage: npm run deploy:nginx -- [--site DIR] [--out FILE]\n' +
  '  --site DIR   the built site (default: SITE_DIR, ./dist)\n' +
  '  --out FILE   write the locations there (default: standard output); it is replaced only when it changes';

let values: { site?: string; out?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { site: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  console.error(`deploy:nginx: ${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

try {
  const site = resolve(values.site ?? loadConfig().siteDir);
  const read = (name: string) => {
    const file = join(site, name);
    if (!existsSync(file)) {
      throw new Error(`${file} does not exist: build the site first (npm run build), or name it with --site.`);
    }
    return { file, text: readFileSync(file, 'utf8') };
  };
  const headers = read('_headers');
  const redirects = read('_redirects');
  const files = [
    { name: 'redirects.conf', text: nginxRedirectsFile(parseRedirects(redirects.text), redirects.file) },
    {
      name: 'site.conf',
      text: nginxSiteFile(
        parseHeaders(headers.text),
        parseRewrites(redirects.text),
        `${headers.file} and ${redirects.file}`,
      ),
    },
  ];
  if (values.out === undefined) {
    for (const f of files) process.stdout.write(`# ---- ${f.name}\n${f.text}`);
  } else {
    const dir = resolve(values.out);
    mkdirSync(dir, { recursive: true });
    let changed = 0;
    for (const f of files) {
      const out = join(dir, f.name);
      if (existsSync(out) && readFileSync(out, 'utf8') === f.text) continue;
      writeFileSync(`${out}.tmp`, f.text);
      renameSync(`${out}.tmp`, out);
      changed++;
    }
    console.error(
      changed === 0
        ? `deploy:nginx: ${dir} is up to date.`
        : `deploy:nginx: wrote ${dir}/site.conf and redirects.conf; reload nginx (systemctl reload nginx) to apply them.`,
    );
  }
} catch (err) {
  console.error(`deploy:nginx failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
