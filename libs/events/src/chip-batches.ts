import { z } from 'zod';
import {
  batchChipsReply,
  batchUrlForm,
  bureauPackageReply,
  chipBatchReply,
  importBatchChipsReply,
  type ChipBatchReply,
} from '@metatag/api-types';
import { checkTagReply } from './chiplinks.js';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';

const templateId = z.number().int().positive().max(2_147_483_647);
const hex16 = z.string().regex(/^[0-9a-fA-F]{32}$/);
/** Batch ids: `b` and letters/digits, or a template's default batch `default-{nftId}`. */
export const batchIdSchema = z.string().regex(/^(b[A-Za-z0-9]{6,32}|default-\d{1,10})$/);

/** A batch's URL form (`@metatag/chips` BatchUrlForm): the HTTP shape of api-types, one schema for both. */
export const batchUrlFormSchema = batchUrlForm;

/** A chip batch as the admin shows it (issue #26); never any key. The HTTP reply's schema. */
export const chipBatchSchema = chipBatchReply;
export type ChipBatch = ChipBatchReply;

export const createBatchRequest = z.object({
  actor: actorSchema,
  nftId: templateId,
  name: z.string().trim().min(1).max(100),
  /** an10922: the batch's own master (given, or made at random; sealed); sdm-backend: the fleet's master (sealed); imported: per-chip keys in the upload. */
  scheme: z.enum(['an10922', 'sdm-backend', 'imported']),
  masterKey: z
    .string()
    .regex(/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/)
    .optional(),
  /** imported: the batch's common meta-read key (one URL for the batch needs one). */
  metaReadKey: hex16.optional(),
  mode: z.enum(['aes', 'lrp', 'plain']),
  urlForm: batchUrlFormSchema.nullable().default(null),
  tagTamper: z.boolean().default(false),
  /** Absent: the default threshold (1,000); null: never flagged. */
  counterJump: z.number().int().min(1).max(0xffffff).nullable().optional(),
});

export const updateBatchRequest = z.object({
  actor: actorSchema,
  id: batchIdSchema,
  nftId: templateId.optional(),
  name: z.string().trim().min(1).max(100).optional(),
  urlForm: batchUrlFormSchema.nullable().optional(),
  tagTamper: z.boolean().optional(),
  counterJump: z.number().int().min(1).max(0xffffff).nullable().optional(),
});

/** One CSV row: a UID, or a UID with its imported keys. */
export const batchChipRow = z.object({
  uid: z.string().max(64),
  metaReadKey: z.string().max(64).optional(),
  fileReadKey: z.string().max(64).optional(),
});
export const importBatchChipsRequest = z.object({
  actor: actorSchema,
  id: batchIdSchema,
  /** The rows of one upload chunk; `firstRow` numbers them (1-based, as the file's lines after its header). */
  rows: z.array(batchChipRow).min(1).max(10_000),
  firstRow: z.number().int().min(1).default(1),
});
export { importBatchChipsReply };

export const batchChipsPageRequest = z.object({
  actor: actorSchema,
  id: batchIdSchema,
  after: z.number().int().nonnegative().default(0),
  limit: z.number().int().min(1).max(5000).default(100),
});
export const batchChipItem = batchChipsReply.shape.items.element;
export const batchChipsPageReply = batchChipsReply;

export const batchByIdRequest = z.object({ actor: actorSchema, id: batchIdSchema });
export const listBatchesRequest = z.object({ actor: actorSchema, nftId: templateId });

/** Public: a tap of a batch's one URL, as path and query (`/tag?picc_data=…`), the origin the batch's. */
export const checkBatchTapRequest = z.object({
  path: z.string().min(1).max(2048),
  ip: z.string().max(64).default(''),
});
export const checkBatchTapReply = checkTagReply.extend({
  /** The chip the tap named (its page `/tag/{chipId}`), null when not authentic. */
  chipId: z.string().nullable(),
  /** Whether some batch's URL template reads the path: false, no batch has this URL (the web's 404). */
  batchUrl: z.boolean(),
});

/** A sealed personalisation package (`@metatag/chips` BureauPackageFile): the HTTP reply's schema. */
export const bureauPackageFileSchema = bureauPackageReply;

export const CHIP_BATCHES = {
  create: defineRequest('chiplinks.batches.create', createBatchRequest, chipBatchSchema),
  update: defineRequest('chiplinks.batches.update', updateBatchRequest, chipBatchSchema),
  list: defineRequest(
    'chiplinks.batches.list',
    listBatchesRequest,
    z.object({ items: z.array(chipBatchSchema) }),
  ),
  get: defineRequest('chiplinks.batches.get', batchByIdRequest, chipBatchSchema),
  importChips: defineRequest('chiplinks.batches.import', importBatchChipsRequest, importBatchChipsReply),
  chipsPage: defineRequest('chiplinks.batches.chips', batchChipsPageRequest, batchChipsPageReply),
  rotate: defineRequest(
    'chiplinks.batches.rotate',
    batchByIdRequest.extend({
      /** an10922: the new version's master (default: a random one of the batch's own); sdm-backend: the fleet's new master. */
      masterKey: z
        .string()
        .regex(/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/)
        .optional(),
      /** imported: the new version's common meta-read key (one URL for the batch needs one). */
      metaReadKey: hex16.optional(),
      /** imported: the new per-chip keys (a CSV's rows); chips not named keep their keys and version. */
      chips: z.array(batchChipRow).min(1).max(10_000).optional(),
    }),
    chipBatchSchema,
  ),
  /** The personalisation package sealed under the owner's passphrase (issue #27 item 5). */
  bureauPackage: defineRequest(
    'chiplinks.batches.package',
    batchByIdRequest.extend({ passphrase: z.string().min(12).max(1024) }),
    bureauPackageFileSchema,
  ),
  checkTap: defineRequest('chiplinks.batches.check-tap', checkBatchTapRequest, checkBatchTapReply),
} as const;
