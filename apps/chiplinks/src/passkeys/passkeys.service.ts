import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { parseAbi, type Address, type Hex } from 'viem';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import { toPasskeyAccount, AA_ADDRESSES, SAFE_OWNERS_ABI } from '@metatag/contracts';
import type { ChainDirectory } from '@metatag/chain';
import { bundlerUrlOf, type ChiplinksConfig } from '@metatag/config';
import type { Database } from '@metatag/db';
import { PASSKEYS, RELAYER_LEDGER, type ReplyOf, type RequestParsed } from '@metatag/events';
import { AppError, CLOCK, DATABASE, SERVICE_CONFIG, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { passkeyCredentials, recoveryOwners, sponsoredOperations } from '../db/schema.js';
import { CHAINS, SERVICES, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { PaymasterSigner, SPONSORSHIP_VALID_S } from './paymaster.signer.js';
import {
  addedOwner,
  innerCall,
  sponsoredAction,
  sponsoredGas,
  SponsorRefusal,
  type SponsoredAction,
} from './sponsor.rules.js';

type Defs = typeof PASSKEYS;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many held tokens 'My tokens' reads from the chain index. */
const TOKENS_LIMIT = 200;
const OWNER_OF = parseAbi(['function ownerOf(uint256 tokenId) view returns (address)']);
/** How many accounts 'Recover with my wallet' checks for one wallet. */
const RECOVERABLE_LIMIT = 20;

/** The bundler methods a passkey account's page needs; nothing that debugs or administers the bundler. */
const BUNDLER_METHODS = new Set([
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
]);

/** The ledger reference of a user operation: its sender and nonce are used once on chain. */
export const sponsorReference = (chainId: number, sender: string, nonce: bigint) =>
  `userop:${chainId}:${sender.toLowerCase()}:${nonce.toString()}`;

/**
 * Passkey accounts (issue #29): where a credential's account is, and the owner-sponsored user
 * operations of those accounts (the paymaster service of our VerifyingPaymaster, and the bundler).
 */
@Injectable()
export class PasskeysService {
  private readonly paymaster?: PaymasterSigner;
  private readonly index: ChainReader;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(SERVICE_CONFIG) private readonly config: ChiplinksConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    private readonly chiplinks: ChiplinkRepository,
  ) {
    if (config.PAYMASTER_PRIVATE_KEY)
      this.paymaster = new PaymasterSigner(config.PAYMASTER_PRIVATE_KEY as Hex);
    this.index = createChainReader(database.pool);
  }

  private chain(name: string) {
    const chain = this.chains.byName(name);
    if (!chain) throw AppError.notFound(`Chain ${name} is not configured`);
    return chain;
  }

  async register(req: RequestParsed<Defs['register']>): Promise<ReplyOf<Defs['register']>> {
    const chain = this.chain(req.chain);
    // the account is computed here from the key, never taken from the request
    const account = await toPasskeyAccount({
      client: chain.client,
      owner: { id: req.credentialId, publicKey: req.publicKey as Hex, type: 'webAuthn' } as never,
    });
    const address = account.address.toLowerCase();
    await this.database.db
      .insert(passkeyCredentials)
      .values({
        credentialId: req.credentialId,
        publicKey: req.publicKey,
        account: address,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing();
    const stored = await this.lookup({ credentialId: req.credentialId });
    if (stored.publicKey !== req.publicKey)
      throw new AppError('credential_taken', 'This passkey is registered with another key', 409);
    return stored;
  }

  async lookup(req: RequestParsed<Defs['lookup']>): Promise<ReplyOf<Defs['lookup']>> {
    const [row] = await this.database.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.credentialId, req.credentialId));
    if (!row) throw AppError.notFound('No account is known for this passkey');
    return { credentialId: row.credentialId, publicKey: row.publicKey, account: row.account };
  }

  /**
   * What an address holds on a chain (the chain index: public data) that one of our chips or links
   * mints now, in the template's own collection: the tokens a sponsorship can name (its chiplink's
   * current token). Most recently changed first, at most TOKENS_LIMIT.
   */
  async tokens(req: RequestParsed<Defs['tokens']>): Promise<ReplyOf<Defs['tokens']>> {
    const chain = this.chain(req.chain);
    const held = await this.index.tokensOwnedBy(chain.chainId, req.owner, { limit: TOKENS_LIMIT });
    if (held.length === 0) return { tokens: [] };
    const ids = `{${[...new Set(held.map((t) => t.tokenId.toString()))].join(',')}}`;
    const { rows } = await this.database.db.execute<{
      id: string;
      type: 'chip' | 'link';
      nft_id: number;
      token_to_mint: string;
    }>(sql`
      SELECT id, type, nft_id, token_to_mint FROM chiplinks.chiplinks
      WHERE token_to_mint = ANY(${ids}::text[]) AND NOT deleted ORDER BY seq`);
    const tokens: ReplyOf<Defs['tokens']>['tokens'] = [];
    for (const token of held) {
      for (const row of rows.filter((r) => r.token_to_mint === token.tokenId.toString())) {
        const template = await this.templates.get(row.nft_id);
        if (!template || template.chain !== req.chain) continue;
        const { address } = await this.templates.mintTarget(template);
        if (address.toLowerCase() !== token.collection.toLowerCase()) continue;
        tokens.push({
          id: row.id,
          type: row.type,
          tokenId: row.token_to_mint,
          collection: token.collection.toLowerCase(),
          title: template.title,
          image: template.image,
          mimeType: template.mimeType,
          locked: token.locked,
        });
      }
    }
    return { tokens };
  }

  async sponsor(req: RequestParsed<Defs['sponsor']>): Promise<ReplyOf<Defs['sponsor']>> {
    if (!this.paymaster) throw AppError.notFound('Sponsored operations are not configured');
    const chain = this.chain(req.chain);
    const op = req.userOperation;
    const row = await this.chiplinks.findById(req.chiplinkId);
    if (!row || row.deleted) throw AppError.notFound('Tag is not connected yet');
    const template = await this.templates.get(row.nftId);
    if (!template || template.chain !== req.chain) throw AppError.notFound('Tag is not connected yet');
    const { address: collection } = await this.templates.mintTarget(template);
    if (!collection) throw AppError.notFound('Tag is not connected yet');
    let gas: bigint;
    let action: SponsoredAction;
    try {
      action = sponsoredAction(op, { collection, tokenId: BigInt(row.tokenToMint) });
      gas = sponsoredGas(op);
    } catch (error) {
      if (error instanceof SponsorRefusal) throw new AppError('not_sponsored', error.message, 403);
      throw error;
    }
    const owner = await chain.client
      .readContract({
        address: collection as Address,
        abi: OWNER_OF,
        functionName: 'ownerOf',
        args: [BigInt(row.tokenToMint)],
      })
      .catch(() => undefined);
    if (action === 'claim') await this.claimWouldSucceed(chain.client, op, owner);
    else if (!owner || owner.toLowerCase() !== op.sender.toLowerCase())
      throw new AppError('not_owner', 'Only the token’s owner account is sponsored', 403);
    const sender = op.sender.toLowerCase();
    const reference = sponsorReference(chain.chainId, sender, BigInt(op.nonce));
    if (action === 'addOwner') await this.noRecoveryOwnerYet(chain, sender, reference);
    const maxFee = BigInt(op.maxFeePerGas);
    const gasPrice = await chain.client.getGasPrice();
    if (maxFee > gasPrice * 3n + 1_000_000_000n)
      throw new AppError('fee_too_high', 'The user operation offers a higher fee than is sponsored', 403);
    if (req.stub) return this.json(this.paymaster.stub());

    await this.withinBounds(sender, reference, gas);
    // the owner pays: the worst case is held on their relayer ledger (402 when it cannot be)
    await this.services.send(RELAYER_LEDGER.reserveSponsored, {
      accountId: template.owner,
      chain: req.chain,
      amount: (gas * maxFee).toString(),
      reference,
      note: `sponsored user operation of ${sender}: up to ${gas} gas`,
    });
    await this.database.db
      .insert(sponsoredOperations)
      .values({
        reference,
        sender,
        chiplinkId: row.id,
        ownerId: template.owner,
        gas,
        createdAt: this.clock.now(),
      })
      .onConflictDoUpdate({ target: sponsoredOperations.reference, set: { gas } });
    if (action === 'addOwner')
      await this.database.db
        .insert(recoveryOwners)
        .values({
          chainId: chain.chainId,
          account: sender,
          owner: addedOwner(op),
          reference,
          createdAt: this.clock.now(),
        })
        .onConflictDoUpdate({
          target: [recoveryOwners.chainId, recoveryOwners.account, recoveryOwners.owner],
          set: { reference, createdAt: this.clock.now() },
        });
    const fields = await this.paymaster.sign(chain.client, op, Math.floor(this.clock.now().getTime() / 1000));
    return this.json(fields);
  }

  /**
   * Claim Ownership (issue #29 item 2): the account takes a token another address owns with the
   * transfer voucher the chip page got after a fresh tap. The owner pays only for a claim that goes
   * through now: the call is simulated from the account (the voucher's signature, its deadline, the
   * token's nonce and lock are checked by the collection itself), so a forged or spent voucher costs
   * nothing.
   */
  private async claimWouldSucceed(
    client: { call(args: { account: Address; to: Address; data: Hex }): Promise<unknown> },
    op: RequestParsed<Defs['sponsor']>['userOperation'],
    owner: string | undefined,
  ): Promise<void> {
    if (!owner || owner.toLowerCase() === op.sender.toLowerCase())
      throw new AppError('not_claimable', 'Only a token owned by another address can be claimed', 403);
    const call = innerCall(op);
    try {
      await client.call({ account: op.sender as Address, to: call.to, data: call.data });
    } catch {
      throw new AppError('not_claimable', 'This claim would fail: tap the chip again', 403);
    }
  }

  /**
   * One recovery wallet per account (decision 111), so the owner pays for adding one at most once: a
   * deployed Safe with two owners already is refused, and so is a second add while an earlier signed
   * one could still land (a sponsorship is good for SPONSORSHIP_VALID_S; after that the chain tells).
   * The same operation asked again (a cancelled passkey prompt: the same nonce) passes.
   */
  private async noRecoveryOwnerYet(
    chain: ReturnType<PasskeysService['chain']>,
    account: string,
    reference: string,
  ): Promise<void> {
    const code = await chain.client.getCode({ address: account as Address });
    if (code && code !== '0x') {
      const owners = await chain.client.readContract({
        address: account as Address,
        abi: SAFE_OWNERS_ABI,
        functionName: 'getOwners',
      });
      if (owners.length >= 2)
        throw new AppError('recovery_owner_exists', 'This account already has a recovery wallet', 403);
    }
    const since = new Date(this.clock.now().getTime() - SPONSORSHIP_VALID_S * 1000);
    const [pending] = await this.database.db
      .select({ reference: recoveryOwners.reference })
      .from(recoveryOwners)
      .where(
        and(
          eq(recoveryOwners.chainId, chain.chainId),
          eq(recoveryOwners.account, account),
          gt(recoveryOwners.createdAt, since),
          sql`${recoveryOwners.reference} <> ${reference}`,
        ),
      )
      .limit(1);
    if (pending)
      throw new AppError(
        'recovery_owner_pending',
        'A recovery wallet is being added to this account; try again in a few minutes',
        403,
      );
  }

  /**
   * 'Recover with my wallet' (decision 111): the passkey accounts a wallet was added to as second owner
   * through our paymaster, each still an owner on chain now (a removed or never-landed add is not listed).
   */
  async recoverable(req: RequestParsed<Defs['recoverable']>): Promise<ReplyOf<Defs['recoverable']>> {
    const chain = this.chain(req.chain);
    const wallet = req.owner.toLowerCase();
    const rows = await this.database.db
      .select({ account: recoveryOwners.account })
      .from(recoveryOwners)
      .where(and(eq(recoveryOwners.chainId, chain.chainId), eq(recoveryOwners.owner, wallet)))
      .orderBy(desc(recoveryOwners.createdAt))
      .limit(RECOVERABLE_LIMIT);
    const accounts: string[] = [];
    for (const { account } of rows) {
      const owner = await chain.client
        .readContract({
          address: account as Address,
          abi: SAFE_OWNERS_ABI,
          functionName: 'isOwner',
          args: [wallet as Address],
        })
        .catch(() => false); // not deployed: the add never landed
      if (owner) accounts.push(account);
    }
    return { accounts };
  }

  /** SPONSORED_OPS_PER_ACCOUNT_PER_DAY and SPONSORED_GAS_PER_ACCOUNT_PER_DAY over the last 24 hours. */
  private async withinBounds(sender: string, reference: string, gas: bigint): Promise<void> {
    const since = new Date(this.clock.now().getTime() - DAY_MS);
    const [used] = await this.database.db
      .select({
        count: sql<number>`count(*)::int`,
        gas: sql<string>`coalesce(sum(${sponsoredOperations.gas}), 0)::text`,
      })
      .from(sponsoredOperations)
      .where(
        and(
          eq(sponsoredOperations.sender, sender),
          gt(sponsoredOperations.createdAt, since),
          sql`${sponsoredOperations.reference} <> ${reference}`,
        ),
      );
    if ((used?.count ?? 0) >= this.config.SPONSORED_OPS_PER_ACCOUNT_PER_DAY)
      throw new AppError(
        'sponsor_limit',
        `This account used its ${this.config.SPONSORED_OPS_PER_ACCOUNT_PER_DAY} sponsored actions for today; try again tomorrow`,
        429,
      );
    if (BigInt(used?.gas ?? '0') + gas > BigInt(this.config.SPONSORED_GAS_PER_ACCOUNT_PER_DAY))
      throw new AppError(
        'sponsor_limit',
        'This account used its sponsored gas for today; try again tomorrow',
        429,
      );
  }

  /**
   * One bundler call. A receipt of an operation our paymaster paid settles its cost on the owner's
   * ledger (the page asks for the receipt; an unasked one stays held at its worst case).
   */
  async bundler(req: RequestParsed<Defs['bundler']>): Promise<ReplyOf<Defs['bundler']>> {
    const chain = this.chain(req.chain);
    const url = bundlerUrlOf(this.config, req.chain);
    if (!url) throw AppError.notFound(`No bundler is configured for chain ${req.chain}`);
    if (!BUNDLER_METHODS.has(req.method))
      throw new AppError('method_not_allowed', `Method ${req.method} is not allowed`, 400);
    if (
      (req.method === 'eth_sendUserOperation' || req.method === 'eth_estimateUserOperationGas') &&
      String(req.params[1]).toLowerCase() !== AA_ADDRESSES.entryPoint.toLowerCase()
    )
      throw new AppError('bad_request', 'Unknown EntryPoint', 400);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: req.method, params: req.params }),
      signal: AbortSignal.timeout(30_000),
    }).catch(() => undefined);
    if (!res) throw AppError.unavailable(`The ${req.chain} bundler did not answer`);
    const reply = (await res.json().catch(() => undefined)) as
      { result?: unknown; error?: { code: number; message: string; data?: unknown } } | undefined;
    if (!reply) throw AppError.unavailable(`The ${req.chain} bundler did not answer`);
    if (req.method === 'eth_getUserOperationReceipt' && reply.result)
      await this.settle(chain.chainId, reply.result);
    return reply.error ? { error: reply.error } : { result: reply.result ?? null };
  }

  private async settle(chainId: number, result: unknown): Promise<void> {
    const r = result as {
      sender?: string;
      nonce?: string;
      paymaster?: string;
      actualGasCost?: string;
      actualGasUsed?: string;
      receipt?: { transactionHash?: string };
    };
    if (!this.paymaster || r.paymaster?.toLowerCase() !== this.paymaster.address.toLowerCase()) return;
    if (!r.sender || !r.nonce || !r.actualGasCost || !r.actualGasUsed || !r.receipt?.transactionHash) return;
    const gasUsed = BigInt(r.actualGasUsed);
    if (gasUsed === 0n) return;
    await this.services.send(RELAYER_LEDGER.settleSponsored, {
      reference: sponsorReference(chainId, r.sender, BigInt(r.nonce)),
      txHash: r.receipt.transactionHash.toLowerCase(),
      gasUsed: gasUsed.toString(),
      effectiveGasPrice: (BigInt(r.actualGasCost) / gasUsed).toString(),
    });
  }

  private json(f: ReturnType<PaymasterSigner['stub']>) {
    return {
      paymaster: f.paymaster,
      paymasterData: f.paymasterData,
      paymasterVerificationGasLimit: `0x${f.paymasterVerificationGasLimit.toString(16)}`,
      paymasterPostOpGasLimit: `0x${f.paymasterPostOpGasLimit.toString(16)}`,
    };
  }
}
