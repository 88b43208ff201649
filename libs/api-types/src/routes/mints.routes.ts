import { z } from 'zod';
import { mintsCsvQuery, mintsListQuery } from '../mints.js';
import { route } from './define.js';
import { chainParams, mintQuery } from './queries.js';
import * as r from './replies.js';

/** Manual mints and the mints list. */
export const MINT_ROUTES = {
  mint: route({
    method: 'POST',
    path: '/json/:chain/mint',
    tag: 'Mints',
    summary: 'Mint a token of a template to an address (relayer); Idempotency-Key header accepted',
    access: 'admin',
    params: chainParams,
    query: mintQuery,
    replies: { 201: r.mintReply },
    errors: ['Invalid address'],
  }),
  listMints: route({
    method: 'GET',
    path: '/json/:chain/mints/:nftId',
    tag: 'Mints',
    summary:
      'Every mint of a template from the mint ledger (chip, link, manual, child), newest first, paged, filterable by source',
    access: 'admin',
    params: z.object({ chain: z.string(), nftId: z.string() }),
    query: mintsListQuery,
    replies: { 200: r.mintsReply },
    errors: ["This NFT didn't minted yet"],
  }),
  mintsCsv: route({
    method: 'GET',
    path: '/json/:chain/mints/:nftId/mints.csv',
    tag: 'Mints',
    summary: 'Every mint of a template from the mint ledger as CSV (mints.csv), optionally of one source',
    access: 'admin',
    params: z.object({ chain: z.string(), nftId: z.string() }),
    query: mintsCsvQuery,
    replies: { 200: z.string() },
    replyKind: 'csv',
  }),
} as const;
