// The deployer service.
import { type z } from 'zod';
import { libraryLocatorSchema, tagRelayerSchema } from './chain-contracts.js';
import { chainSchema, serviceSchema } from './common.js';

export const deployerSchema = serviceSchema.extend({
  ...chainSchema.shape,
  ...libraryLocatorSchema.shape,
  ...tagRelayerSchema.shape,
});

export type DeployerConfig = z.output<typeof deployerSchema>;
