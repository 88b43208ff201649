import { z } from 'zod';
import {
  batchChipsQuery,
  bureauPackageBody,
  bureauPackageReply,
  batchChipsReply,
  batchTemplateReply,
  checkBatchTapBody,
  chipBatchListReply,
  chipBatchReply,
  createBatchBody,
  importBatchChipsBody,
  importBatchChipsReply,
  rotateBatchBody,
  updateBatchBody,
} from '../chip-batches.js';
import { errorReply, route } from './define.js';
import { checkTagReplySchema } from './replies.js';

const TAG = 'Chip batches';
const batchParams = z.object({ id: z.string() });
const NOT_FOUND = 'Chip batch not found';

/** Chip batches (issue #26): the unit a brand personalises, and one URL for all its chips. */
export const CHIP_BATCH_ROUTES = {
  createBatch: route({
    method: 'POST',
    path: '/json/chip-batches',
    tag: TAG,
    summary:
      'Create a chip batch: its template, key scheme (a master of its own, an sdm-backend master, or imported keys; sealed, never shown), mode, URL form, TagTamper',
    access: 'admin',
    body: createBatchBody,
    replies: { 201: chipBatchReply, 429: errorReply },
    errors: ['NFT template not found'],
    quota: 'QUOTA_BATCHES_PER_HOUR / QUOTA_BATCHES_TOTAL per account; 429 above it',
    example: {
      nftId: 1,
      name: 'Spring run',
      scheme: 'an10922',
      mode: 'aes',
      urlForm: { template: 'https://brand.example/tag?picc_data={PICC}&cmac={MAC}', macInputFrom: 'MAC' },
    },
  }),
  listBatches: route({
    method: 'GET',
    path: '/json/chip-batches',
    tag: TAG,
    summary: "A template's chip batches",
    access: 'admin',
    query: z.object({ nftId: z.coerce.number().int().positive() }),
    replies: { 200: chipBatchListReply },
    errors: ['NFT template not found'],
  }),
  getBatch: route({
    method: 'GET',
    path: '/json/chip-batches/:id',
    tag: TAG,
    summary: 'A chip batch',
    access: 'admin',
    params: batchParams,
    replies: { 200: chipBatchReply },
    errors: [NOT_FOUND],
  }),
  updateBatch: route({
    method: 'PUT',
    path: '/json/chip-batches/:id',
    tag: TAG,
    summary: "Change a batch's template, name, URL form, TagTamper or counter-jump threshold",
    access: 'admin',
    params: batchParams,
    body: updateBatchBody,
    replies: { 200: chipBatchReply },
    errors: [NOT_FOUND],
  }),
  importBatchChips: route({
    method: 'POST',
    path: '/json/chip-batches/:id/chips',
    tag: TAG,
    summary:
      'Add chips to a batch: rows of a CSV upload (UIDs, or UIDs with keys); each bad row reported by number',
    access: 'admin',
    params: batchParams,
    body: importBatchChipsBody,
    replies: { 200: importBatchChipsReply, 429: errorReply },
    quota:
      'QUOTA_CHIPS_PER_HOUR / QUOTA_CHIPS_TOTAL per account; an upload over it is refused whole (429, with what is left)',
    errors: [NOT_FOUND],
  }),
  batchChips: route({
    method: 'GET',
    path: '/json/chip-batches/:id/chips',
    tag: TAG,
    summary: "A batch's chips (keyset pages): key version, counter, tamper, counter jumps",
    access: 'admin',
    params: batchParams,
    query: batchChipsQuery,
    replies: { 200: batchChipsReply },
    errors: [NOT_FOUND],
  }),
  batchChipsCsv: route({
    method: 'GET',
    path: '/json/chip-batches/:id/chips.csv',
    tag: TAG,
    summary: "Export a batch's chips as CSV (id, uid, url, key version, counter; never keys)",
    access: 'admin',
    params: batchParams,
    replies: { 200: z.string() },
    replyKind: 'csv',
  }),
  rotateBatch: route({
    method: 'POST',
    path: '/json/chip-batches/:id/rotate',
    tag: TAG,
    summary:
      'Rotate the batch keys: a new key version; chips move to it on their first tap after re-personalisation (counters kept), then the old version is refused',
    access: 'admin',
    params: batchParams,
    body: rotateBatchBody,
    replies: { 200: chipBatchReply },
    errors: [NOT_FOUND],
  }),
  batchTemplate: route({
    method: 'GET',
    path: '/json/chip-batches/:id/template',
    tag: TAG,
    summary:
      "The batch's NDEF URL template and the SDM settings a personalisation tool enters (PICCDataOffset, SDMMACInputOffset, SDMMACOffset, ENC offset/length, TT, access rights); no key. A default batch: its per-chip URL form",
    access: 'admin',
    params: batchParams,
    replies: { 200: batchTemplateReply },
    errors: [NOT_FOUND],
  }),
  batchPackage: route({
    method: 'POST',
    path: '/json/chip-batches/:id/package',
    tag: TAG,
    summary:
      "The batch's personalisation package for a bureau or NXP TagXplorer (URL template, SDM settings, keys with their AN10922 inputs), sealed under the owner's passphrase (scrypt + AES-256-GCM; docs/bureau-package.md)",
    access: 'admin',
    params: batchParams,
    body: bureauPackageBody,
    replies: { 200: bureauPackageReply },
    errors: [NOT_FOUND],
  }),
  checkBatchTap: route({
    method: 'POST',
    path: '/json/check-batch-tap',
    tag: 'Scan',
    summary:
      "Verify a tap of a batch's one URL (the chip found from the UID in its PICC data); {ok: false} (HTTP 200) when not authentic",
    access: 'public',
    body: checkBatchTapBody,
    replies: {
      200: checkTagReplySchema.extend({
        chipId: z.string().nullable(),
        batchUrl: z
          .boolean()
          .describe("whether some batch's URL template reads this path; false: no batch has this URL"),
      }),
      429: errorReply,
    },
    rateLimit: 'SCAN_RATE_LIMIT_PER_MINUTE per client IP and minute (default 600); 429 above it',
  }),
} as const;
