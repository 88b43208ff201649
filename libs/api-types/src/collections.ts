import { z } from 'zod';
import { SIGNATURE_PATTERN, URL_PATTERN, addressSchema, deadlineSchema } from './validation.js';
import { INVALID_VALUE } from './templates.js';

/** Spec section 8: the notice shown when a transaction creates a contract. */
export const CONTRACT_CREATION_GAS_LIMIT = 5_000_000;

/** A collection attached to a user (spec section 3). */
export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  deployedAddress: z.string(),
  chain: z.string(),
  txHash: z.string(),
  created: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

const chain = z.string().trim().min(1, 'chain is required').max(32);
const name = z.string().trim().min(1, 'name is required').max(200);
const symbol = z.string().trim().min(1, 'symbol is required').max(64);

/** `POST /deploy-collection`; an empty libraryAddress means the chain's configured locator. */
export const deployCollectionBody = z.object({
  chain,
  name,
  symbol,
  libraryAddress: z.union([addressSchema, z.literal('')]).default(''),
});

/** `POST /json/{chain}/attach-collection-to-user` */
export const attachCollectionBody = z.object({
  dataToSave: z.object({ deployedAddress: addressSchema, name, symbol }),
  txHash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash')
    .transform((v) => v.toLowerCase()),
  /**
   * When the collection's owner is not a wallet of the account: the owner's EIP-712
   * AttachCollection signature (`attachCollectionTypedData` of @metatag/contracts) and its deadline.
   */
  ownerSignature: z
    .object({
      signature: z.string().regex(SIGNATURE_PATTERN, 'Invalid signature'),
      deadline: z.union([z.string(), z.number()]).transform(String).pipe(deadlineSchema),
    })
    .optional(),
});

/** `POST /json/{chain}/default-collection` (super admin): make a checked collection the chain's default. */
export const registerDefaultCollectionBody = z.object({ address: addressSchema });

export const deployNftCodeBody = z.object({ chain });
export const deployLocatorBody = z.object({ chain, nftCodeAddress: addressSchema });
/** `POST /deploy-tag-relayer`: the authorizer is always the relayer's own key, never chosen here. */
export const deployTagRelayerBody = z.object({ chain });
export const setLibraryAddressBody = z.object({ nftCodeAddress: addressSchema });
/** Empty: the gateway's own token metadata endpoint. */
export const setBaseBody = z.object({
  base: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || URL_PATTERN.test(v), INVALID_VALUE)
    .default(''),
});

/** Transaction data for the admin's browser wallet: no `to` creates a contract. */
export interface TxDataReply {
  ok: true;
  evm: { to?: string; data: string };
}

// ---------------------------------------------------------------------------------------------------
// Collection template (spec section 3): colours, font, logo and menu of a collection's public pages.

/** CSS named colours (CSS Color Module Level 4), plus transparent and currentcolor. */
const CSS_COLOR_NAMES = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab ' +
    'orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent currentcolor'
  ).split(' '),
);

/** '#rgb', '#rrggbb' or a CSS colour name; '' means the theme's default. */
export function isColor(value: string): boolean {
  return (
    value === '' || /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) || CSS_COLOR_NAMES.has(value.toLowerCase())
  );
}

const color = z.string().trim().max(32).refine(isColor, INVALID_VALUE);
const urlOrEmpty = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || URL_PATTERN.test(v), INVALID_VALUE);
/** Menu links may also point inside the site. */
const href = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => URL_PATTERN.test(v) || /^\/[A-Za-z0-9%_\-/=?&.]*$/.test(v), INVALID_VALUE);

export const menuLinkSchema = z
  .object({
    title: z.string().trim().max(100),
    href,
    category: z.string().trim().max(100).default(''),
  })
  .strict();
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const collectionTemplateSchema = z.object({
  linkColor: color,
  /** A CSS font-family list: names, quotes, commas, spaces and hyphens only (no other CSS). */
  fontFamily: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9 ,'"-]*$/, INVALID_VALUE),
  backgroundColor: color,
  textColor: color,
  logoURL: urlOrEmpty,
  /** CSS length of the logo's padding, e.g. '8px'; '' = default. */
  logoPadding: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^$|^\d{1,3}(\.\d{1,2})?(px|em|rem|%)?$/, INVALID_VALUE)),
  menuToggle: z.boolean(),
  buttonColor: color,
  buttonTextColor: color,
  menuLinks: z.array(menuLinkSchema).max(50),
  menuLinkColor: color,
  menuCategoryColor: color,
  titleColor: color,
  successColor: color,
  checkColor: color,
  failColor: color,
  theme: z.enum(['light', 'dark']),
});
export type CollectionTemplate = z.infer<typeof collectionTemplateSchema>;
export { DEFAULT_COLLECTION_TEMPLATE } from './collection-template-defaults.js';

/** `PUT /json/{chain}/collection/{address}/template`: any subset of the fields, unknown ones refused. */
export const collectionTemplatePatchSchema = collectionTemplateSchema.partial().strict();
