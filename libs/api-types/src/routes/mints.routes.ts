import { z } from 'zod';
import { mintsCsvQuery, mintsListQuery, mintsOverviewReply } from '../mints.js';
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
  mintsOverview: route({
    method: 'GET',
    path: '/json/:chain/mints-overview',
    tag: 'Mints',
    summary:
      "The caller's mints across all their templates of the chain from the mint ledger: per day (last 7 UTC days, with the templates' scans), per collection, per source, and the latest ones",
    access: 'admin',
    params: chainParams,
    replies: { 200: mintsOverviewReply },
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
