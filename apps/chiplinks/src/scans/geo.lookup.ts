import { createRequire } from 'node:module';
import { isIP } from 'node:net';

/** Where an IP roughly is. Every field is null when unknown (private, loopback, not in the database). */
export interface GeoLocation {
  city: string | null;
  /** Accuracy radius, km. */
  radius: number | null;
  country: string | null;
  /** The place's coordinates (degrees): the analytics map's markers. */
  lat: number | null;
  lon: number | null;
}

export interface GeoLookup {
  lookup(ip: string): GeoLocation;
}

export const UNKNOWN_LOCATION: GeoLocation = Object.freeze({
  city: null,
  radius: null,
  country: null,
  lat: null,
  lon: null,
});

interface GeoipLite {
  lookup(ip: string): { city: string; country: string; area: number; ll?: [number, number] } | null;
}

/** Loopback, private, link-local, CGNAT and unique-local ranges: never in a geo database. */
const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  /^0\./,
];
const PRIVATE_V6 = [/^::1?$/, /^f[cd]/i, /^fe[89ab]/i];

export function isPrivateAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return PRIVATE_V4.some((re) => re.test(ip));
  if (kind === 6) return PRIVATE_V6.some((re) => re.test(ip));
  return true;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) → `1.2.3.4`. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/**
 * Offline GeoLite2 city lookup from the npm package `geoip-lite` (its data ships inside the package:
 * no download, no licence key at run time). The database is loaded into memory on first use (~150 MB,
 * ~0.4 s) and a lookup is a binary search of a few microseconds, cheap enough for the scan path.
 * geoip-lite's `area` is GeoLite2's accuracy radius in km.
 */
export class GeoLiteLookup implements GeoLookup {
  private geoip: GeoipLite | undefined;

  lookup(raw: string): GeoLocation {
    const ip = normalizeIp(raw);
    if (isPrivateAddress(ip)) return UNKNOWN_LOCATION;
    this.geoip ??= createRequire(import.meta.url)('geoip-lite') as GeoipLite;
    const hit = this.geoip.lookup(ip);
    if (!hit) return UNKNOWN_LOCATION;
    return {
      city: hit.city || null,
      radius: hit.area || null,
      country: hit.country || null,
      lat: hit.ll?.[0] ?? null,
      lon: hit.ll?.[1] ?? null,
    };
  }
}
