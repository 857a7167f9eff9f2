/**
 * Client addresses: reading IPv4 and IPv6 addresses into one canonical text,
 * grouping IPv6 by /64 for throttling, the `TRUST_PROXY` setting, and which
 * address behind the shop's own proxies is the client's. Pure: the server reads
 * the socket and the header and asks these functions.
 */

/** An address as a number: 32 bits for IPv4, 128 for IPv6. */
interface ParsedAddress {
  family: 4 | 6;
  value: bigint;
}

/** A range of addresses: `10.0.0.0/8`, `fd00::/8`, or one address (all bits). */
export interface AddressRange {
  family: 4 | 6;
  base: bigint;
  bits: number;
}

/** The text the shop uses when it knows no address (no socket, as under `app.request` in tests). */
export const UNKNOWN_ADDRESS = 'unknown';

const BITS = { 4: 32, 6: 128 } as const;

function parseIPv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // Leading zeros are refused: some readers take them as octal, so `010.0.0.1` is ambiguous.
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIPv6(text: string): bigint | null {
  let groups: string[];
  let tail: bigint | null = null;
  let body = text;
  // A dotted IPv4 tail (`::ffff:192.0.2.1`, `64:ff9b::192.0.2.1`) stands for the last two groups.
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    tail = parseIPv4(body.slice(lastColon + 1));
    if (tail === null) return null;
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const [head = '', rest] = halves;
  const headGroups = head === '' ? [] : head.split(':');
  if (rest === undefined) {
    groups = headGroups;
    if (groups.length !== 8) return null;
  } else {
    const restGroups = rest === '' ? [] : rest.split(':');
    const missing = 8 - headGroups.length - restGroups.length;
    if (missing < 1) return null;
    groups = [...headGroups, ...Array<string>(missing).fill('0'), ...restGroups];
  }
  let value = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    value = (value << 16n) | BigInt(Number.parseInt(g, 16));
  }
  if (tail !== null) value = (value & ~0xffffffffn) | tail;
  return value;
}

/**
 * Reads an address as a socket or a proxy writes it: IPv4 dotted, IPv6 in any
 * of its spellings (upper or lower case, `::`, a zone id `%eth0`, brackets, a
 * dotted IPv4 tail), with or without a port (`192.0.2.1:5678`, `[2001:db8::1]:443`).
 * An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket shows
 * an IPv4 client) counts as the IPv4 address. Null for anything else.
 */
function parseAddress(raw: string): ParsedAddress | null {
  let text = raw.trim().toLowerCase();
  if (text.length === 0 || text.length > 100) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed !== null) text = bracketed[1] ?? '';
  else if (/^[0-9.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.indexOf(':'));
  if (!text.includes(':')) {
    const v4 = parseIPv4(text);
    return v4 === null ? null : { family: 4, value: v4 };
  }
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const v6 = parseIPv6(text);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

function formatAddress(a: ParsedAddress): string {
  if (a.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((a.value >> shift) & 0xffn)).join('.');
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) {
    groups.push(((a.value >> shift) & 0xffffn).toString(16).padStart(4, '0'));
  }
  return groups.join(':');
}

/**
 * The one spelling of an address the shop stores and compares: IPv4 dotted
 * (IPv4-mapped IPv6 included), IPv6 fully expanded in lower case without zone id
 * (`2001:0db8:0000:0000:0000:0000:0000:0001`). Null when `raw` is no address.
 */
export function canonicalAddress(raw: string): string | null {
  const parsed = parseAddress(raw);
  return parsed === null ? null : formatAddress(parsed);
}

/**
 * What the per-address throttles count: an IPv4 address as it is, an IPv6
 * address by its /64 (`2001:0db8:0001:0002::/64`), because one customer's line
 * or one attacker's host is given a whole /64 and can pick any address in it.
 * Anything that is not an address (`unknown`) is counted as it is.
 */
export function throttleGroup(address: string): string {
  const parsed = parseAddress(address);
  if (parsed === null) return address;
  if (parsed.family === 4) return formatAddress(parsed);
  return `${formatAddress({ family: 6, value: (parsed.value >> 64n) << 64n }).slice(0, 19)}::/64`;
}

/** Where the API's callers come from when it runs behind proxies (`TRUST_PROXY`). */
export interface ProxyTrust {
  /** The proxies' addresses: a request's socket peer must be in one of these for `X-Forwarded-For` to count. */
  proxies: readonly AddressRange[];
  /** How many proxies, at most, stand in front of the API (`Infinity`: as many as are in `proxies`). */
  hops: number;
}

/** No proxy: the socket's peer is the client and `X-Forwarded-For` is never read. */
export const NO_PROXY: ProxyTrust = { proxies: [], hops: 0 };

const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The most proxies `TRUST_PROXY` may name as a count. */
export const MAX_PROXY_HOPS = 16;

function parseRange(text: string): AddressRange | null {
  const slash = text.indexOf('/');
  const address = parseAddress(slash === -1 ? text : text.slice(0, slash));
  if (address === null) return null;
  const width = BITS[address.family];
  const prefix = slash === -1 ? String(width) : text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return null;
  // `::ffff:10.0.0.0/104` is read as the IPv4 range it maps.
  const mapped = address.family === 4 && text.includes(':') && slash !== -1;
  const bits = Number(prefix) - (mapped ? 96 : 0);
  if (bits < 0 || bits > width) return null;
  const shift = BigInt(width - bits);
  return { family: address.family, base: (address.value >> shift) << shift, bits };
}

/**
 * Reads `TRUST_PROXY`: a comma-separated list of
 *
 * - proxy addresses and ranges (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`) and the
 *   names `loopback` (127.0.0.0/8, ::1) and `private` (10/8, 172.16/12,
 *   192.168/16, fc00::/7): a request's peer must be one of them for
 *   `X-Forwarded-For` to count, and the walk from its right end passes only them;
 * - at most one count of proxies, 1 to 16: the walk passes at most that many.
 *   A count alone (`TRUST_PROXY=1`) means proxies at loopback or private
 *   addresses, so a client reaching the API straight from the internet cannot
 *   name its own address.
 *
 * Unset, empty or `0`: no proxy. Throws an `Error` naming the first entry it
 * cannot read.
 */
export function parseTrustProxy(raw: string | undefined): ProxyTrust {
  const text = (raw ?? '').trim();
  if (text === '' || text === '0') return NO_PROXY;
  const proxies: AddressRange[] = [];
  let hops: number | undefined;
  for (const entry of text.split(',').map((e) => e.trim())) {
    const named = NAMED_RANGES[entry.toLowerCase()];
    if (named !== undefined) {
      for (const r of named) proxies.push(parseRange(r) as AddressRange);
      continue;
    }
    if (/^\d+$/.test(entry)) {
      const n = Number(entry);
      if (hops !== undefined || n < 1 || n > MAX_PROXY_HOPS) {
        throw new Error(
          `TRUST_PROXY may hold one count of proxies, from 1 to ${MAX_PROXY_HOPS}; "${entry}" is not one (in "${text}").`,
        );
      }
      hops = n;
      continue;
    }
    const range = parseRange(entry);
    if (range === null) {
      throw new Error(
        `TRUST_PROXY entries are proxy addresses or ranges (10.0.0.5, 10.0.0.0/8, fd00::/8), loopback, private or a count of proxies; "${entry}" is none of these (in "${text}").`,
      );
    }
    proxies.push(range);
  }
  if (proxies.length === 0) {
    for (const name of ['loopback', 'private']) {
      for (const r of NAMED_RANGES[name] ?? []) proxies.push(parseRange(r) as AddressRange);
    }
  }
  return { proxies, hops: hops ?? Number.POSITIVE_INFINITY };
}

function inRanges(address: ParsedAddress, ranges: readonly AddressRange[]): boolean {
  return ranges.some((r) => {
    if (r.family !== address.family) return false;
    const shift = BigInt(BITS[r.family] - r.bits);
    return address.value >> shift === r.base >> shift;
  });
}

/**
 * The client's address (canonical, see `canonicalAddress`). `peer` is the
 * socket's remote address; `forwardedFor` the `X-Forwarded-For` header. The
 * header is read only when the peer is one of `trust.proxies`; then it is
 * walked from its right end (each proxy appends the address it was called
 * from) past the trusted proxies, at most `trust.hops` of them counting the
 * peer, and the first address that is not a trusted proxy is the client. An
 * entry that is not an address ends the walk at the last address a trusted
 * proxy vouched for. `unknown` when there is no peer.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string {
  const peerAddress = peer === undefined ? null : parseAddress(peer);
  if (peerAddress === null) return UNKNOWN_ADDRESS;
  let client = peerAddress;
  let passed = 0;
  const entries = (forwardedFor ?? '').split(',').reverse();
  for (const entry of entries) {
    if (passed >= trust.hops || !inRanges(client, trust.proxies)) break;
    const next = parseAddress(entry);
    if (next === null) break;
    client = next;
    passed++;
  }
  return formatAddress(client);
}

/**
 * Reads a comma-separated list of addresses and ranges (`10.0.0.5`, `10.0.0.0/8`,
 * `fd00::/8`) and the names `loopback` and `private`, as `METRICS_ALLOW` holds them.
 * Throws an `Error` naming `variable` and the first entry it cannot read; an empty list
 * is an error too (it would admit nobody: unset the variable for the default instead).
 */
export function parseAddressRanges(raw: string, variable: string): AddressRange[] {
  const ranges: AddressRange[] = [];
  for (const entry of raw.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const named = NAMED_RANGES[entry.toLowerCase()];
    if (named !== undefined) {
      for (const r of named) ranges.push(parseRange(r) as AddressRange);
      continue;
    }
    const range = parseRange(entry);
    if (range === null) {
      throw new Error(
        `${variable} entries are addresses or ranges (127.0.0.1, 10.0.0.0/8, fd00::/8), loopback or private; "${entry}" is none of these (in "${raw}").`,
      );
    }
    ranges.push(range);
  }
  if (ranges.length === 0)
    throw new Error(`${variable} is empty; unset it for the default, or name the addresses to admit.`);
  return ranges;
}

/** Whether `address` (in any spelling a socket or proxy writes) lies in one of `ranges`; false for `unknown`. */
export function addressInRanges(address: string, ranges: readonly AddressRange[]): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && inRanges(parsed, ranges);
}
