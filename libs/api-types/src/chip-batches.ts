import { z } from 'zod';
import type { CheckTagReply } from './chiplinks.js';

/** A batch's URL form (`@metatag/chips` BatchUrlForm): the NDEF URL template with {PICC} {UID} {CTR} {ENC} {TT} {MAC}. */
export const batchUrlForm = z.object({
  template: z
    .string()
    .min(1)
    .max(250)
    .describe('e.g. https://brand.example/tag?picc_data={PICC}&enc={ENC}&cmac={MAC}'),
  macInputFrom: z
    .enum(['MAC', 'ENC', 'PICC', 'UID', 'URL'])
    .describe(
      'where SDMMACInputOffset points: MAC (over nothing), a placeholder, or the URL text after the NDEF prefix',
    ),
  encLength: z
    .number()
    .int()
    .min(16)
    .max(240)
    .optional()
    .describe('bytes of file data in {ENC} (multiple of 16)'),
});
const hex16 = z.string().regex(/^[0-9a-fA-F]{32}$/, 'A key is 16 bytes in hex (32 digits)');

export const createBatchBody = z.object({
  nftId: z.number().int().positive(),
  name: z.string().trim().min(1).max(100),
  scheme: z.enum(['an10922', 'sdm-backend', 'imported']),
  masterKey: z
    .string()
    .regex(/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/, 'The master key is 16 or 32 bytes in hex')
    .optional(),
  metaReadKey: hex16.optional(),
  mode: z.enum(['aes', 'lrp', 'plain']),
  urlForm: batchUrlForm.nullable().optional(),
  tagTamper: z.boolean().optional(),
  counterJump: z
    .number()
    .int()
    .min(1)
    .max(0xffffff)
    .nullable()
    .optional()
    .describe('a forward counter jump above this is accepted but flagged (default 1000; null: never)'),
});
export const updateBatchBody = z.object({
  nftId: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(100).optional(),
  urlForm: batchUrlForm.nullable().optional(),
  tagTamper: z.boolean().optional(),
  counterJump: z.number().int().min(1).max(0xffffff).nullable().optional(),
});
export const importBatchChipsBody = z.object({
  rows: z
    .array(
      z.object({
        uid: z.string().max(64),
        metaReadKey: z.string().max(64).optional(),
        fileReadKey: z.string().max(64).optional(),
      }),
    )
    .min(1)
    .max(10_000),
  firstRow: z.number().int().min(1).optional().describe("the first row's number in the uploaded file"),
});
export const batchChipsQuery = z.object({
  after: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const checkBatchTapBody = z.object({
  path: z.string().min(1).max(2048).describe("the tap URL's path and query, as the chip wrote them"),
});

export const chipBatchReply = z.object({
  id: z.string(),
  nftId: z.number().int(),
  name: z.string(),
  scheme: z.enum(['default', 'an10922', 'sdm-backend', 'imported']),
  mode: z.enum(['aes', 'lrp', 'plain', 'any']),
  urlForm: batchUrlForm.nullable(),
  tagTamper: z.boolean(),
  keyVersion: z.number().int(),
  counterJump: z.number().int().nullable(),
  chips: z.number().int(),
  created: z.string(),
});
export type ChipBatchReply = z.infer<typeof chipBatchReply>;
export const chipBatchListReply = z.object({
  items: z.array(chipBatchReply),
  tapUrl: z
    .string()
    .describe(
      "the chip page's URL on the product's canonical public origin (PUBLIC_URL): a new batch's default",
    ),
});
export const importBatchChipsReply = z.object({
  ok: z.literal(true),
  added: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), uid: z.string(), error: z.string() })),
});
export type ImportBatchChipsReply = z.infer<typeof importBatchChipsReply>;
export const batchChipsReply = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      uid: z.string(),
      keyVersion: z.number().int(),
      pendingVersion: z.boolean(),
      scans: z.number().int(),
      lastCounter: z.number().int(),
      tamper: z.string().nullable(),
      counterJumps: z.number().int(),
      deleted: z.boolean(),
      created: z.string(),
    }),
  ),
  next: z.number().int().nullable(),
});
export type BatchChipsReply = z.infer<typeof batchChipsReply>;

/** `POST /json/check-batch-tap`: check-tag's reply, and the chip the batch URL named. */
export interface CheckBatchTapReply extends CheckTagReply {
  /** The chip's page is `/tag/{chipId}`; null when the tap is not authentic. */
  chipId: string | null;
  /**
   * Whether some batch's URL template reads this path (its text up to the first placeholder starts
   * it): false means no batch has this URL, and the web answers it with its 404 page.
   */
  batchUrl: boolean;
}
export const rotateBatchBody = z.object({
  masterKey: z
    .string()
    .regex(/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/, 'The master key is 16 or 32 bytes in hex')
    .optional()
    .describe(
      "an10922: the new version's master (default: a random one, sealed); sdm-backend: the fleet's new master (required)",
    ),
  metaReadKey: hex16
    .optional()
    .describe("imported: the new version's common meta-read key (required with one URL for the batch)"),
  chips: z
    .array(
      z.object({
        uid: z.string().max(64),
        metaReadKey: z.string().max(64).optional(),
        fileReadKey: z.string().max(64).optional(),
      }),
    )
    .min(1)
    .max(10_000)
    .optional()
    .describe(
      'imported: the new per-chip keys (CSV rows uid, fileReadKey[, metaReadKey]); chips not named keep theirs',
    ),
});

/** `POST /json/chip-batches/:id/package` (issue #27 item 5): the passphrase the owner typed; never logged, never stored. */
export const bureauPackageBody = z.object({
  passphrase: z
    .string()
    .min(12, 'The passphrase needs at least 12 characters')
    .max(1024, 'The passphrase has at most 1024 characters')
    .describe('seals the package (scrypt, then AES-256-GCM); the server keeps nothing of it'),
});
/** The personalisation package file (docs/bureau-package.md): the plaintext is sealed under the passphrase. */
export const bureauPackageReply = z.object({
  format: z.literal('metatag-bureau-package'),
  version: z.literal(1),
  batch: z.string(),
  settings: z.object({
    url: z
      .object({
        template: z.string(),
        macInputFrom: z.enum(['MAC', 'ENC', 'PICC', 'UID', 'URL']),
        encLength: z.number().int().optional(),
      })
      .nullable(),
    sdm: z.record(z.string(), z.unknown()).nullable(),
  }),
  kdf: z.object({
    name: z.literal('scrypt'),
    N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    length: z.number().int(),
    salt: z.string().describe('base64'),
  }),
  cipher: z.object({
    name: z.literal('AES-256-GCM'),
    iv: z.string().describe('base64, 12 bytes'),
    aad: z.string(),
  }),
  ciphertext: z.string().describe('base64 of the ciphertext followed by the 16-byte GCM tag'),
});
export type BureauPackageReply = z.infer<typeof bureauPackageReply>;

/** `GET /json/chip-batches/:id/template` (issue #26 item 4): the NDEF URL template and SDM settings, no key. */
export const batchTemplateReply = z.object({
  template: z.string().describe('the NDEF URL template with {PICC} {UID} {CTR} {ENC} {TT} {MAC}'),
  perChip: z
    .boolean()
    .describe(
      "a default batch: per-chip URLs, {chip id} each chip's own id (the same length, so the same offsets)",
    ),
  macInputFrom: z.enum(['MAC', 'ENC', 'PICC', 'UID', 'URL']),
  settings: z
    .object({
      url: z.string(),
      ndef: z.string(),
      fileNo: z.number().int(),
      fileOption: z.string(),
      accessRights: z.string(),
      sdmOptions: z.string(),
      sdmAccessRights: z.string(),
      uidOffset: z.number().int().nullable(),
      readCtrOffset: z.number().int().nullable(),
      piccDataOffset: z.number().int().nullable(),
      ttStatusOffset: z.number().int().nullable(),
      macInputOffset: z.number().int().nullable(),
      encOffset: z.number().int().nullable(),
      encLength: z.number().int().nullable(),
      macOffset: z.number().int().nullable(),
      changeFileSettings: z.string(),
      keys: z.object({ metaRead: z.number().int(), fileRead: z.number().int(), ctrRet: z.string() }),
    })
    .nullable()
    .describe('what `npm run chip -- template --batch B` prints: hex upper-case, offsets from NLEN'),
  problem: z.string().nullable().describe('why there are no settings, else null'),
});
export type BatchTemplateReply = z.infer<typeof batchTemplateReply>;
