import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** `TRUST_PROXY=1` says the API runs behind one reverse proxy that appends to `X-Forwarded-For`. */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TRUST_PROXY === '1';
}

function normalise(address: string): string {
  const a = address.trim();
  // An IPv4 client on a dual-stack socket shows as ::ffff:1.2.3.4; count it as 1.2.3.4.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return (mapped?.[1] ?? a).slice(0, 100) || 'unknown';
}

/**
 * The caller's address: the socket's peer, or with `trustProxy` the last
 * `X-Forwarded-For` entry (the one our own proxy added; entries before it are
 * whatever the client claimed). 'unknown' when there is no socket, as under
 * `app.request` in tests.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .at(-1);
    if (last !== undefined) return normalise(last);
  }
  try {
    return normalise(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}
