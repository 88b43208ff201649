import { z } from 'zod';
import { checkTapUrlBody, createChiplinkBody, qrlinkQuery, scansQuery } from '../chiplinks.js';
import { errorReply, okReply, route } from './define.js';
import { idParams } from './queries.js';
import * as r from './replies.js';
import { typeNft } from './table.shared.js';

/** Chips and QR links of a template. */
export const CHIPLINK_ROUTES = {
  listChiplinks: route({
    method: 'GET',
    path: '/json/qrlink/:type/:nftId',
    tag: 'Chips and links',
    summary: "A template's chips or links (first 30) and their total",
    access: 'admin',
    params: typeNft,
    query: qrlinkQuery,
    replies: { 200: r.chiplinkListReply },
    errors: ['No data yet'],
  }),
  createChiplink: route({
    method: 'POST',
    path: '/json/qrlink/:type/:nftId',
    tag: 'Chips and links',
    summary: 'Provision a chip ({uid}) or create links (?batch=N); links accept ?authtoken',
    access: 'admin',
    authToken: true,
    params: typeNft,
    query: qrlinkQuery,
    body: createChiplinkBody,
    replies: { 201: r.chiplinkCreateReply, 429: errorReply },
    errors: ['Cannot link'],
    quota:
      'QUOTA_LINKS_* (a batch counts all its links) or QUOTA_CHIPS_* per account, per hour and in total; a request over it is refused whole (429)',
    example: { uid: '04a1b2c3d4e5f6' },
  }),
  deleteChiplink: route({
    method: 'DELETE',
    path: '/json/qrlink/:type/:nftId/:id',
    tag: 'Chips and links',
    summary: 'Remove a chip or link',
    access: 'admin',
    params: z.object({ type: z.enum(['chip', 'link']), nftId: z.string(), id: z.string() }),
    query: qrlinkQuery,
    replies: { 200: okReply },
    errors: ['Cannot link'],
  }),
  chiplinksCsv: route({
    method: 'GET',
    path: '/json/qrlink/:type/:nftId/links.csv',
    tag: 'Chips and links',
    summary: 'Every chip or link of a template as CSV (links.csv)',
    access: 'admin',
    params: typeNft,
    query: qrlinkQuery,
    replies: { 200: z.string() },
    replyKind: 'csv',
  }),
  qrSvg: route({
    method: 'GET',
    path: '/json/qrlink/:id/qr.svg',
    tag: 'Chips and links',
    summary: "A link's QR code (SVG)",
    access: 'public',
    params: idParams,
    replies: { 200: z.string() },
    replyKind: 'svg',
  }),
  qrPng: route({
    method: 'GET',
    path: '/json/qrlink/:id/qr.png',
    tag: 'Chips and links',
    summary: "A link's QR code (PNG)",
    access: 'public',
    params: idParams,
    replies: { 200: z.unknown() },
    replyKind: 'png',
  }),
  checkTapUrl: route({
    method: 'POST',
    path: '/json/check-tap-url',
    tag: 'Chips and links',
    summary: 'The chip doctor: what a tap URL of one of your chips carries; consumes nothing',
    access: 'admin',
    body: checkTapUrlBody,
    replies: { 200: r.checkTapUrlReplySchema },
  }),
  scans: route({
    method: 'GET',
    path: '/scans',
    tag: 'Chips and links',
    summary: 'Scans of a chip or link, newest first (timestamp, city, radius, country)',
    access: 'admin',
    query: scansQuery,
    replies: { 200: r.scansReply },
    errors: ['No data yet'],
  }),
} as const;
