import { z } from 'zod';
import { addressSchema } from '../validation.js';
import { ADDRESS_PATTERN } from '../patterns.js';

/** `?user=`: another user's id (super admin: the per-user panel picks that user's items). */
export const userQuery = z.object({ user: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** `?chain=`: whose balances the users table shows (default: the deployment's first chain). */
export const chainQuery = z.object({ chain: z.string().max(32).optional() });

/** `POST /json/{chain}/mint?nftId&to&collection` (spec section 7): a manual mint. */
export const mintQuery = z.object({
  nftId: z.string({ error: 'nftId is required' }).trim().min(1, 'nftId is required').max(64),
  // Spec section 5: manual mint needs a valid destination address, otherwise 'Invalid address'.
  to: z.string({ error: 'Invalid address' }).pipe(addressSchema),
  collection: z.string({ error: 'Invalid collection address' }).pipe(
    z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.string().regex(ADDRESS_PATTERN, 'Invalid collection address')),
  ),
  chiplinkId: z.string().trim().min(1).max(64).optional(),
});

/** `GET /json/email-nft?nftId=`: the buyer's email of one of the caller's templates (else a sample). */
export const emailPreviewQuery = z.object({
  nftId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** `POST /is_i_owner {nft_id, address, chain}` (spec section 7): does the signed-in wallet own the NFT. */
export const isIOwnerBody = z.object({
  nft_id: z.coerce.number().int().positive().max(2_147_483_647),
  address: z.string().trim().toLowerCase().regex(ADDRESS_PATTERN, 'Invalid address'),
  chain: z.string().max(32),
});

/** `GET /json/shop/deliveries?user=&limit=`: whose log (super admin) and how many rows. */
export const shopDeliveriesQuery = z.object({
  user: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `?x=`: the media's refresh counter (cache busting; any value). */
export const mediaQuery = z.object({ x: z.string().max(32).optional() });

/** One JSON-RPC 2.0 call of the browser's wallet transport (`POST /json/rpc/{chain}`). */
export const rpcCall = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string().max(64),
  params: z.array(z.unknown()).max(16).optional(),
});
/** Batches stay small: a browser wallet sends single calls (viem batches none by default). */
export const MAX_RPC_BATCH = 10;
export const rpcBody = z.union([rpcCall, z.array(rpcCall).min(1).max(MAX_RPC_BATCH)]);

/** Path parameters (the gateway checks them; these document them). */
export const chainParams = z.object({ chain: z.string().describe('ganache, mainnet, goerli or polygon') });
export const idParams = z.object({ id: z.string() });
