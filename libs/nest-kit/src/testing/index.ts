export {
  answer,
  startMediumTier,
  useMediumTier,
  type MediumTier,
  type MediumTierOptions,
  type RecordedEvent,
  type Stub,
} from './medium-tier.js';
