import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { ledgerMints, nftTemplates, outbox, processedMints, tokenTemplates } from '../db/schema.js';
import { attachChildren, lockToken, recount } from '../ledger/mint-count.consumer.js';
import { lockForVersion, nextVersion, nftChanged } from '../read-model/read-model.writer.js';
import type { NftTemplateRow } from '../nfts/nft-template.mapper.js';

/** How a token came about (the mints list's source; `token_templates.source`). */
export type TokenSource = 'chip' | 'link' | 'manual' | 'child';
const MAX_INT = 2_147_483_647;

export interface TokenKey {
  chain: string;
  collection: string;
  tokenId: string;
}

@Injectable()
export class TokenTemplateRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private mapped?: ReturnType<TokenTemplateRepository['prepareMapped']>;

  private prepareMapped() {
    return this.database.db
      .select({ nftId: tokenTemplates.nftId })
      .from(tokenTemplates)
      .where(
        and(
          eq(tokenTemplates.chain, sql.placeholder('chain')),
          eq(tokenTemplates.collection, sql.placeholder('collection')),
          eq(tokenTemplates.tokenId, sql.placeholder('tokenId')),
        ),
      )
      .limit(1)
      .prepare('token_templates_mapped');
  }

  /**
   * A requested mint: remembered unless the token already has a template (first writer wins). The
   * template's count is taken again when the ledger has seen the token minted already.
   */
  async recordRequested(token: TokenKey, nftId: number, source?: TokenSource): Promise<void> {
    // a token keeps its first template and its row is never deleted: when it has one, the locked insert
    // below would change nothing. A visitor asks for a token's voucher again on every page view and
    // wallet retry; one indexed read instead of five statements each time (#33 item 4)
    this.mapped ??= this.prepareMapped();
    if ((await this.mapped.execute({ ...token })).length > 0) return;
    await this.database.db.transaction(async (tx) => {
      await lockForVersion(tx); // first: recount may set a version
      await lockToken(tx, token);
      const added = await tx
        .insert(tokenTemplates)
        .values({ ...token, nftId, source: source ?? null })
        .onConflictDoNothing()
        .returning({ nftId: tokenTemplates.nftId });
      if (added.length > 0) {
        // the count changes only when the ledger saw this token minted before its mapping came (the
        // events allow either order; lockToken makes the later writer see the earlier): one probe of
        // ledger_mints_token_idx instead of the template's whole count on every voucher (#33 item 4)
        const [minted] = await tx
          .select({ tokenId: ledgerMints.tokenId })
          .from(ledgerMints)
          .where(
            and(
              eq(ledgerMints.chain, token.chain),
              eq(ledgerMints.collection, token.collection),
              eq(ledgerMints.tokenId, token.tokenId),
            ),
          )
          .limit(1);
        if (minted) await recount(tx, nftId);
        await attachChildren(tx, token, nftId);
      }
    });
  }

  /**
   * A confirmed mint, once per mint id: maps the token to its template (the chain's word overrides a
   * requested mapping). It is counted by the mint ledger (`token.minted`), not here: the count of the
   * template (and of a template the token was mapped to before) is taken again from the ledger.
   * Returns false when this mint was processed before.
   */
  async recordConfirmed(
    mintId: string,
    token: TokenKey,
    nftId: number,
    childLimit?: string | null,
  ): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      await lockForVersion(tx);
      const fresh = await tx
        .insert(processedMints)
        .values({ mintId, nftId })
        .onConflictDoNothing()
        .returning({ mintId: processedMints.mintId });
      if (fresh.length === 0) return false;
      await lockToken(tx, token);
      const [before] = await tx
        .select({ nftId: tokenTemplates.nftId })
        .from(tokenTemplates)
        .where(
          and(
            eq(tokenTemplates.chain, token.chain),
            eq(tokenTemplates.collection, token.collection),
            eq(tokenTemplates.tokenId, token.tokenId),
          ),
        );
      await tx
        .insert(tokenTemplates)
        .values({ ...token, nftId, confirmed: true, source: 'manual' })
        .onConflictDoUpdate({
          target: [tokenTemplates.chain, tokenTemplates.collection, tokenTemplates.tokenId],
          set: { nftId, confirmed: true, source: 'manual' },
        });
      // a limited edition's father: its template shows the child limit (#30), not its own limit of 1
      if (childLimit) {
        const [changed] = await tx
          .update(nftTemplates)
          .set({ childLimit: Math.min(Number(childLimit), MAX_INT), version: nextVersion() })
          .where(eq(nftTemplates.id, nftId))
          .returning();
        if (changed) await tx.insert(outbox).values(nftChanged(changed));
      }
      // children the chain index reported before this father was mapped (the race #30 left open)
      await attachChildren(tx, token, nftId);
      await recount(tx, nftId);
      if (before && before.nftId !== nftId) await recount(tx, before.nftId);
      return true;
    });
  }

  /** How many of `tokens` (collection + id) on `chain` were minted from template `nftId`. */
  async countOfTemplate(
    chain: string,
    nftId: number,
    tokens: { collection: string; tokenId: string }[],
  ): Promise<number> {
    if (tokens.length === 0) return 0;
    const keys = tokens.map((t) => `${t.collection.toLowerCase()}:${t.tokenId}`);
    const [row] = await this.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tokenTemplates)
      .where(
        and(
          eq(tokenTemplates.chain, chain),
          eq(tokenTemplates.nftId, nftId),
          inArray(sql`${tokenTemplates.collection} || ':' || ${tokenTemplates.tokenId}`, keys),
        ),
      );
    return row?.n ?? 0;
  }

  async templateOf(token: TokenKey): Promise<NftTemplateRow | undefined> {
    const [row] = await this.database.db
      .select({ template: nftTemplates })
      .from(tokenTemplates)
      .innerJoin(nftTemplates, eq(nftTemplates.id, tokenTemplates.nftId))
      .where(
        and(
          eq(tokenTemplates.chain, token.chain),
          eq(tokenTemplates.collection, token.collection),
          eq(tokenTemplates.tokenId, token.tokenId),
        ),
      );
    return row?.template;
  }
}
