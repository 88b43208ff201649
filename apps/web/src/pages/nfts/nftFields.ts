import type { NftTemplate, NftTemplateField } from '@metatag/api-types';
import {
  TEXT_LIMITS,
  isOptionalAddress,
  isOptionalUrl,
  isValidLimit,
  isValidPrice,
  isWithin,
  sanitizeAddressInput,
} from '../../lib/validation.js';

/** An inline-editable text field of a template (spec sections 3 and 5). */
export interface NftTextField {
  key: Exclude<
    NftTemplateField,
    | 'isMultiMintEnabledchip'
    | 'isMultiMintEnabledlink'
    | 'gasPaidBy'
    | 'showFileData'
    | 'twoTap'
    | 'resale'
    | 'redemption'
  >;
  /** Shown as the column or row label; the editor's input is named `{label} of NFT {id}`. */
  label: string;
  validate: (draft: string) => boolean;
  sanitize?: (draft: string) => string;
  /** Shown instead of an empty value. */
  placeholder?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  multiline?: boolean;
  /** Addresses are shown shortened (whole in the editor and as a tooltip). */
  short?: boolean;
  /** The value as the editor shows it. */
  read: (item: NftTemplate) => string;
  /** The value sent in `PUT /json/{chain}/nft/{id}`. */
  write: (draft: string) => string | number;
}

const text = (key: 'title' | 'description' | 'woocomerce_item_id', label: string): NftTextField => ({
  key,
  label,
  validate: isWithin(TEXT_LIMITS[key]),
  read: (item) => item[key],
  write: (draft) => (key === 'woocomerce_item_id' ? draft.trim() : draft),
});

const address = (key: 'collection' | 'payoutAddress', label: string, placeholder: string): NftTextField => ({
  key,
  label,
  // Spec section 5: at most 42 characters, lower-cased, only x and 0-9 a-f; empty is allowed.
  sanitize: sanitizeAddressInput,
  validate: isOptionalAddress,
  placeholder,
  short: true,
  read: (item) => item[key],
  write: (draft) => draft,
});

const url = (key: 'utility_url' | 'utility_url_error', label: string): NftTextField => ({
  key,
  label,
  validate: isOptionalUrl,
  read: (item) => item[key],
  write: (draft) => draft.trim(),
});

export const NFT_FIELDS = {
  title: { ...text('title', 'title'), placeholder: 'No Name' },
  description: { ...text('description', 'description'), multiline: true },
  limit: {
    key: 'limit',
    label: 'limit',
    validate: isValidLimit,
    inputMode: 'numeric',
    read: (item) => String(item.limit),
    write: (draft) => Number(draft.trim()),
  },
  // Empty: the default collection.
  collection: address('collection', 'collection', 'default'),
  // Spec section 5: empty means only gas is paid.
  price: {
    key: 'price',
    label: 'price (ETH)',
    validate: isValidPrice,
    inputMode: 'decimal',
    placeholder: 'gas only',
    read: (item) => item.price,
    write: (draft) => draft.trim(),
  },
  payoutAddress: address('payoutAddress', 'payout address', '-'),
  utility_url: url('utility_url', 'utility link'),
  utility_url_error: url('utility_url_error', 'utility error link'),
  woocomerce_item_id: text('woocomerce_item_id', 'shop item id'),
} satisfies Record<string, NftTextField>;
