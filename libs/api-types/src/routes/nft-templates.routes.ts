import { z } from 'zod';
import { createNftBody, FILE_TOO_BIG, INVALID_VALUE, nftsQuery } from '../templates.js';
import { errorReply, okReply, route } from './define.js';
import { chainParams, idParams, mediaQuery } from './queries.js';
import * as r from './replies.js';
import { nftPatchBody } from './table.shared.js';

/** NFT templates and their media. */
export const NFT_TEMPLATE_ROUTES = {
  listNfts: route({
    method: 'GET',
    path: '/json/:chain/nfts',
    tag: 'Templates',
    summary: "The caller's NFT templates (?user= another user's, super admin)",
    access: 'admin',
    params: chainParams,
    query: nftsQuery,
    replies: { 200: r.nftTemplatesReply },
    errors: ["No NFT's templates yet..."],
  }),
  createNft: route({
    method: 'POST',
    path: '/json/:chain/nft',
    tag: 'Templates',
    summary:
      'Create an NFT template (the mint flow sends an empty body: default collection; it may sign in with ?authtoken)',
    access: 'admin',
    authToken: true,
    params: chainParams,
    query: nftsQuery,
    body: createNftBody,
    replies: { 201: r.nftTemplateItemReply, 429: errorReply },
    quota: 'QUOTA_TEMPLATES_PER_HOUR / QUOTA_TEMPLATES_TOTAL per account; 429 above it',
    errors: ['cannot add', 'errror'],
    example: {},
  }),
  updateNft: route({
    method: 'PUT',
    path: '/json/:chain/nft/:id',
    tag: 'Templates',
    summary: 'Change one field of a template, or upload its media (multipart: image)',
    access: 'admin',
    authToken: true,
    params: z.object({ chain: z.string(), id: z.string() }),
    body: nftPatchBody,
    bodyKind: 'json-or-multipart',
    replies: { 200: r.nftTemplateReply, 413: errorReply },
    errors: [INVALID_VALUE, FILE_TOO_BIG],
    example: { title: 'Concert ticket' },
  }),
  deleteNft: route({
    method: 'DELETE',
    path: '/json/:chain/nft/:id',
    tag: 'Templates',
    summary: 'Delete a template (soft)',
    access: 'admin',
    params: z.object({ chain: z.string(), id: z.string() }),
    replies: { 200: okReply },
    errors: ['errror'],
  }),
  mediaMetadata: route({
    method: 'GET',
    path: '/nft-media-metadata/:id',
    tag: 'Templates',
    summary: "A template's media type",
    access: 'public',
    params: idParams,
    replies: { 200: r.mediaMetadataReplySchema },
  }),
  media: route({
    method: 'GET',
    path: '/nft-media/:id',
    tag: 'Templates',
    summary: "A template's media bytes (Range supported; ?x= URLs are immutable)",
    access: 'public',
    params: idParams,
    query: mediaQuery,
    replies: { 200: z.unknown(), 206: z.unknown() },
    replyKind: 'bytes',
  }),
} as const;
