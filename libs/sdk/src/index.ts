export { MetaTagClient, MetaTagApiError, type MetaTagClientOptions, type CallOptions } from './client.js';
export { MetaTag, emailClaimToken, parseTapUrl, type MessageSigner, type Tap } from './metatag.js';
export type { RouteArgs, RouteName, RouteReply } from '@metatag/api-types';
export {
  MINT_FLOW_STEPS,
  MINT_FLOW_TEXTS,
  MintFlowError,
  addressWallet,
  eip1193Wallet,
  mintLink,
  readMintTicket,
  runMintFlow,
  runTicketMint,
  type MintTicketClaims,
  type TicketMintResult,
  type Eip1193Provider,
  type MintFlowDeps,
  type MintFlowImage,
  type MintFlowInput,
  type MintFlowResult,
  type MintFlowStep,
  type MintFlowWallet,
  type RouteCaller,
} from './mint-flow.js';
export {
  CLAIM_PHASE_TEXTS,
  MINT_REFUSALS,
  MINT_REFUSAL_TEXTS,
  PHASE_MINTED_ABI,
  claimConditions,
  claimPhaseStatus,
  phaseIdOf,
  timeUntil,
  walletStanding,
  type MintRefusal,
  type PhaseMintedReader,
  type PublicClaimPhase,
  type WalletStanding,
} from './claim-conditions.js';
