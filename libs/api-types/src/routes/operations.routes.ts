import { z } from 'zod';
import { route } from './define.js';
import { idParams } from './queries.js';
import * as r from './replies.js';

/** Operations (health, RPC, shop) and the server-rendered pages. */
export const OPERATION_ROUTES = {
  healthz: route({
    method: 'GET',
    path: '/healthz',
    tag: 'Operations',
    summary: 'Liveness',
    access: 'public',
    replies: { 200: r.healthReply },
  }),
  readyz: route({
    method: 'GET',
    path: '/readyz',
    tag: 'Operations',
    summary: 'Readiness: database, transport and chain (503 with the failing checks)',
    access: 'public',
    replies: { 200: r.healthReply, 503: r.healthReply },
  }),
  openApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Operations',
    summary: 'This document (OpenAPI 3.1, generated from the route table)',
    access: 'public',
    replies: { 200: z.object({ openapi: z.string(), paths: z.object({}) }) },
  }),
  apiDocs: route({
    method: 'GET',
    path: '/api/docs',
    tag: 'Operations',
    summary: 'The API documentation UI (Swagger UI, shipped with the app)',
    access: 'public',
    replies: { 200: z.string() },
    replyKind: 'html',
  }),
  apiDocsAsset: route({
    method: 'GET',
    path: '/api/docs/:file',
    tag: 'Operations',
    summary: "The documentation UI's scripts and styles",
    access: 'public',
    params: z.object({ file: z.string() }),
    replies: { 200: z.string() },
    replyKind: 'bytes',
  }),
  tagPage: route({
    method: 'GET',
    path: '/tag/:id',
    tag: 'Pages',
    summary: 'The chip page (server-rendered HTML)',
    access: 'public',
    params: idParams,
    replies: { 200: z.string() },
    replyKind: 'html',
  }),
  linkPage: route({
    method: 'GET',
    path: '/link/:id',
    tag: 'Pages',
    summary: 'The link page (server-rendered HTML)',
    access: 'public',
    params: idParams,
    replies: { 200: z.string() },
    replyKind: 'html',
  }),
} as const;
