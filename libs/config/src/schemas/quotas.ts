// Per-account quotas (issue #28): chips, links, batches, templates.
import { z } from 'zod';
import { quota } from './fields.js';

export const chiplinksQuotaSchema = z.object({
  QUOTA_LINKS_PER_HOUR: quota('QR links one account may create per hour', 20_000),
  QUOTA_LINKS_TOTAL: quota('QR links one account may create in total (deleted ones count)', 1_000_000),
  QUOTA_CHIPS_PER_HOUR: quota('Chips one account may add per hour (one by one or by CSV)', 20_000),
  QUOTA_CHIPS_TOTAL: quota('Chips one account may add in total (deleted ones count)', 1_000_000),
  QUOTA_BATCHES_PER_HOUR: quota('Chip batches one account may create per hour', 1_000),
  QUOTA_BATCHES_TOTAL: quota('Chip batches one account may create in total', 100_000),
  QUOTA_WEBHOOK_UNITS_PER_HOUR: quota(
    'Claim links the shop webhook may make for one account per hour',
    1_000,
    "an order's excess is not made and is reported to the shop",
  ),
  QUOTA_WEBHOOK_UNITS_TOTAL: quota(
    'Claim links the shop webhook may make for one account in total',
    0,
    "an order's excess is not made and is reported to the shop",
  ),
});

export const templatesQuotaSchema = z.object({
  QUOTA_TEMPLATES_PER_HOUR: quota('NFT templates one account may create per hour', 1_000),
  QUOTA_TEMPLATES_TOTAL: quota('NFT templates one account may create in total (deleted ones count)', 100_000),
});

export type ChiplinksQuotaConfig = z.output<typeof chiplinksQuotaSchema>;

export type TemplatesQuotaConfig = z.output<typeof templatesQuotaSchema>;
