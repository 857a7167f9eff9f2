import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { clientAddress, type ProxyTrust } from '../../lib/domain/ip-address.ts';

function socketPeer(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (`app.request` without bindings).
    return undefined;
  }
}

/**
 * The caller's address, canonical (`lib/domain/ip-address.ts`): the socket's
 * peer, or, when that peer is one of the proxies `trust` names, the client
 * `X-Forwarded-For` shows behind them. `unknown` when there is no socket.
 */
export function requestAddress(c: Context, trust: ProxyTrust): string {
  return clientAddress(socketPeer(c), c.req.header('x-forwarded-for'), trust);
}
