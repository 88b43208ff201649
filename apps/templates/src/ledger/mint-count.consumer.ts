import { Inject, Injectable } from '@nestjs/common';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import type { ChildMintedEvent, TokenMintedEvent } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { ledgerChildren, ledgerMints, nftTemplates, outbox, tokenTemplates } from '../db/schema.js';
import { lockForVersion, nextVersion, nftChanged } from '../read-model/read-model.writer.js';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** A token id as the ledger and the mappings store it: a decimal string without leading zeros. */
export const canonicalTokenId = (tokenId: string) => BigInt(tokenId).toString();

/**
 * Templates' consumer of the mint ledger: a template's `mints` is the number of ledger mints whose
 * token maps to it (`token_templates`: written when a chip/link voucher or a manual mint is requested,
 * by the relayer's confirmation, and for a child token from its parent). The count is recomputed from
 * that join rather than incremented, so it does not matter which arrives first, the mapping or the
 * mint, and a redelivered event (same chain, transaction and log index) changes nothing.
 */
@Injectable()
export class MintCountConsumer {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async onTokenMinted(event: TokenMintedEvent): Promise<void> {
    const token = {
      chain: event.chain,
      collection: event.collection,
      tokenId: canonicalTokenId(event.tokenId),
    };
    await this.database.db.transaction(async (tx) => {
      await lockForVersion(tx); // first: it may set a version (recount), see lockForVersion
      await lockToken(tx, token);
      const fresh = await tx
        .insert(ledgerMints)
        .values({
          ...token,
          txHash: event.txHash,
          logIndex: event.logIndex,
          toAddress: event.to,
          blockNumber: BigInt(event.blockNumber),
          blockTime: event.blockTime ? new Date(Number(event.blockTime) * 1000) : null,
        })
        .onConflictDoNothing()
        .returning({ tokenId: ledgerMints.tokenId });
      if (fresh.length === 0) return;
      const [mapped] = await tx
        .select({ nftId: tokenTemplates.nftId })
        .from(tokenTemplates)
        .where(
          and(
            eq(tokenTemplates.chain, token.chain),
            eq(tokenTemplates.collection, token.collection),
            eq(tokenTemplates.tokenId, token.tokenId),
          ),
        );
      if (mapped) await recount(tx, mapped.nftId);
    });
  }

  /**
   * A child token belongs to its parent's template: it is counted there (once its Transfer is in).
   * The fact is kept first, so a child whose father is not mapped yet is attached when the mapping
   * is written (`attachChildren`), whichever of the two templates hears first.
   */
  async onChildMinted(event: ChildMintedEvent): Promise<void> {
    const parentTokenId = canonicalTokenId(event.parentTokenId);
    await this.database.db.transaction(async (tx) => {
      await lockForVersion(tx);
      await tx
        .insert(ledgerChildren)
        .values({
          chain: event.chain,
          collection: event.collection,
          childTokenId: canonicalTokenId(event.childTokenId),
          parentTokenId,
        })
        .onConflictDoNothing();
      const [parent] = await tx
        .select({ nftId: tokenTemplates.nftId })
        .from(tokenTemplates)
        .where(
          and(
            eq(tokenTemplates.chain, event.chain),
            eq(tokenTemplates.collection, event.collection),
            eq(tokenTemplates.tokenId, parentTokenId),
          ),
        );
      if (parent) await attachChildren(tx, { ...event, tokenId: parentTokenId }, parent.nftId);
    });
  }
}

/**
 * Maps every known child of `father` to the father's template and counts them there. Called when a
 * child is minted and whenever a token's mapping is written (the token may be a father whose
 * children the ledger saw first). Recounts the template only when there were children to attach.
 */
export async function attachChildren(
  tx: Tx,
  father: { chain: string; collection: string; tokenId: string },
  nftId: number,
): Promise<void> {
  const children = await tx
    .select({ childTokenId: ledgerChildren.childTokenId })
    .from(ledgerChildren)
    .where(
      and(
        eq(ledgerChildren.chain, father.chain),
        eq(ledgerChildren.collection, father.collection),
        eq(ledgerChildren.parentTokenId, father.tokenId),
      ),
    );
  if (children.length === 0) return;
  // the template's row before the children's mappings, the order `recordConfirmed` takes them in (it
  // writes the father's child limit first): a child's attach and its father's confirmation handled at
  // once otherwise each held what the other waited for, and PostgreSQL aborted one (a deadlock) —
  // a lost `mint.confirmed` on the in-process bus, a father without its child limit
  await tx.select({ id: nftTemplates.id }).from(nftTemplates).where(eq(nftTemplates.id, nftId)).for('update');
  await tx
    .insert(tokenTemplates)
    .values(
      children.map((c) => ({
        chain: father.chain,
        collection: father.collection,
        tokenId: c.childTokenId,
        nftId,
        confirmed: true,
        source: 'child',
      })),
    )
    .onConflictDoUpdate({
      target: [tokenTemplates.chain, tokenTemplates.collection, tokenTemplates.tokenId],
      set: { nftId, source: 'child' },
    });
  await recount(tx, nftId);
}

/**
 * Orders the writers of one token's facts (its ledger mint, its mapping to a template): each takes
 * this before writing, so the later one sees the earlier one's commit. Without it a mint and its
 * mapping written at the same moment each miss the other (read committed) and neither counts the
 * mint. Taken after `lockForVersion`, in every writer, so the order is the same everywhere.
 */
export async function lockToken(
  tx: Tx,
  token: { chain: string; collection: string; tokenId: string },
): Promise<void> {
  const key = `${token.chain}:${token.collection.toLowerCase()}:${BigInt(token.tokenId)}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('token'), hashtext(${key}))`);
}

/**
 * A template's mints: its tokens the ledger has seen minted (deleted chips' and links' included), and
 * apart from them its father's children (#30: a limited father's template reads 'children / child
 * limit', not '3 / 1'). A new number is a new state of the template for the projections of it
 * (`templates.nft.changed` in the outbox of this transaction, sent by its publisher).
 */
export async function recount(tx: Tx, nftId: number): Promise<void> {
  await lockForVersion(tx);
  // one recount of a template at a time, each counting after the one before committed: two mints of
  // one template counted at once would each see only its own new row and both write the same number
  await tx.select({ id: nftTemplates.id }).from(nftTemplates).where(eq(nftTemplates.id, nftId)).for('update');
  const {
    rows: [{ n, children }],
  } = await tx.execute<{ n: number; children: number }>(sql`
    select (count(*) filter (where t.source is distinct from 'child'))::int as n,
           (count(*) filter (where t.source = 'child'))::int as children
      from ${ledgerMints} m
      join ${tokenTemplates} t on t.chain = m.chain and t.collection = m.collection and t.token_id = m.token_id
     where t.nft_id = ${nftId}`);
  const [row] = await tx
    .update(nftTemplates)
    .set({ mints: n, children, version: nextVersion() })
    .where(
      and(eq(nftTemplates.id, nftId), or(ne(nftTemplates.mints, n), ne(nftTemplates.children, children))),
    )
    .returning();
  if (row) await tx.insert(outbox).values(nftChanged(row));
}
