import { z } from 'zod';
import { ADDRESS_PATTERN, ETHER_AMOUNT_PATTERN } from './validation.js';

/**
 * Claim conditions per template (issue #32 item 3): the template's drop in phases. Each phase has a
 * window, an optional price of its own, a per-wallet cap and an optional allowlist. The server signs
 * the active phase's terms into the voucher (MintPhased) and the collection enforces them on chain.
 */
export const MAX_CLAIM_PHASES = 5;
/** Addresses per phase's allowlist: the list travels with the template (and its projection). */
export const MAX_ALLOWLIST = 2_000;
export const MAX_WALLET_CAP = 1_000;

const INVALID = 'Invalid value';
const instant = z.iso.datetime({ offset: true }).nullable();

export const claimPhaseSchema = z
  .object({
    /** Stable while the phase is edited: the on-chain per-wallet counter is kept per phase id. */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, INVALID),
    name: z.string().trim().min(1).max(60),
    /** ISO 8601; null: open from the start. */
    start: instant,
    /** ISO 8601, the first instant after the phase; null: no end. */
    end: instant,
    /** ETH; '' = the template's own price. */
    price: z
      .string()
      .trim()
      .refine((v) => v === '' || ETHER_AMOUNT_PATTERN.test(v), INVALID),
    /** Mints per wallet in this phase; 0: no cap. */
    walletCap: z.number().int().min(0).max(MAX_WALLET_CAP),
    /** Addresses allowed to mint (lower-case); empty: anyone. */
    allowlist: z.array(z.string().trim().toLowerCase().regex(ADDRESS_PATTERN, INVALID)).max(MAX_ALLOWLIST),
  })
  .strict()
  .refine((p) => !p.start || !p.end || Date.parse(p.start) < Date.parse(p.end), {
    message: 'A phase must end after it starts',
  });
export type ClaimPhase = z.infer<typeof claimPhaseSchema>;

export const claimPhasesSchema = z
  .array(claimPhaseSchema)
  .max(MAX_CLAIM_PHASES)
  .refine((phases) => new Set(phases.map((p) => p.id)).size === phases.length, {
    message: 'Phase ids must be unique',
  });

/** A phase as the public page shows it: no addresses, only whether there is a list and how long. */
export const publicClaimPhaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  price: z.string(),
  walletCap: z.number().int(),
  allowlistOnly: z.boolean(),
  allowlistSize: z.number().int(),
});
export type PublicClaimPhase = z.infer<typeof publicClaimPhaseSchema>;

export function toPublicClaimPhase(p: ClaimPhase): PublicClaimPhase {
  const { allowlist, ...rest } = p;
  return { ...rest, allowlistOnly: allowlist.length > 0, allowlistSize: allowlist.length };
}

type PhaseWindow = Pick<PublicClaimPhase, 'start' | 'end'>;

const opens = (p: PhaseWindow) => (p.start ? Date.parse(p.start) : -Infinity);
const closes = (p: PhaseWindow) => (p.end ? Date.parse(p.end) : Infinity);

/**
 * Where a template's claims stand at `now`: the phases open now (in order), or else the next one to
 * open, or 'closed' when every phase is over. A template without phases is always 'open' (as before).
 */
export function claimPhaseStatus<P extends PhaseWindow>(
  phases: readonly P[] | null | undefined,
  now: Date,
):
  | { status: 'unphased' }
  | { status: 'open'; open: P[] }
  | { status: 'upcoming'; next: P }
  | { status: 'closed' } {
  if (!phases || phases.length === 0) return { status: 'unphased' };
  const t = now.getTime();
  const open = phases.filter((p) => opens(p) <= t && t < closes(p));
  if (open.length > 0) return { status: 'open', open };
  const next = phases.filter((p) => opens(p) > t).sort((a, b) => opens(a) - opens(b))[0];
  return next ? { status: 'upcoming', next } : { status: 'closed' };
}

/** 'in 2 h', 'in 5 min', 'in 3 days': how long until `at` (rounded up, never 'in 0'). */
export function timeUntil(at: Date, now: Date): string {
  const s = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
  if (s < 60) return `in ${s} s`;
  const min = Math.ceil(s / 60);
  if (min < 60) return `in ${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `in ${h} h`;
  return `in ${Math.round(h / 24)} days`;
}

/**
 * What the public page says about a phase (issue #32: 'opens in 2 h', 'allowlist only', 'you minted
 * 2 of 2'). Kept beside the data so the web and the SDK say the same.
 */
export const CLAIM_PHASE_TEXTS = {
  opensIn: (phaseName: string, when: string) => `${phaseName} opens ${when}`,
  closesIn: (phaseName: string, when: string) => `${phaseName} is open, closes ${when}`,
  open: (phaseName: string) => `${phaseName} is open`,
  closed: 'Claims are closed',
  allowlistOnly: 'Allowlist only',
  perWallet: (cap: number) => `${cap} per wallet`,
  youMinted: (minted: number, cap: number) => `You minted ${minted} of ${cap}`,
} as const;
