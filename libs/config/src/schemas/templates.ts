// The templates service.
import { type z } from 'zod';
import { defaultCollectionSchema } from './chain-contracts.js';
import { chainSchema, serviceSchema } from './common.js';
import { templatesQuotaSchema } from './quotas.js';

export const templatesSchema = serviceSchema.extend({
  ...chainSchema.shape,
  ...defaultCollectionSchema.shape,
  ...templatesQuotaSchema.shape,
});

export type TemplatesConfig = z.output<typeof templatesSchema>;
