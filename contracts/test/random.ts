import { toHex, type Address, type Hex } from 'viem';

/** A small seeded generator (mulberry32), so a failing fuzz run can be repeated with FUZZ_SEED. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const bytes = (length: number): Uint8Array => Uint8Array.from({ length }, () => Math.floor(next() * 256));
  return {
    next,
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    bool: (probability = 0.5): boolean => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    bigint: (bits: number): bigint =>
      BigInt(toHex(bytes(Math.ceil(bits / 8)))) >> BigInt(8 * Math.ceil(bits / 8) - bits),
    /** A private key (32 random bytes, below the curve order with overwhelming probability). */
    key: (): Hex => toHex(bytes(32)),
    address: (): Address => toHex(bytes(20)),
  };
}

export const fuzzSeed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
