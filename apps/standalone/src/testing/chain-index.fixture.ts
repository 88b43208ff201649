import pg from 'pg';

const ZERO = `0x${'0'.repeat(40)}`;

/**
 * Stands in for the indexer in API tests: its stable views (apps/indexer views.ts) as plain tables of
 * the same columns in schema `chain`, and a mint written into them as the indexer would (a Transfer
 * from the zero address and the token's owner). Readers go through libs/chain-index as in production.
 */
export class FakeChainIndex {
  private constructor(private readonly db: pg.Client) {}

  static async create(databaseUrl: string): Promise<FakeChainIndex> {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('CREATE SCHEMA IF NOT EXISTS chain');
    await db.query(`CREATE TABLE chain.transfers (id text primary key, chain_id integer, collection text,
      token_id numeric, from_address text, to_address text, block_number bigint, block_timestamp bigint,
      tx_hash text, log_index integer)`);
    await db.query(`CREATE TABLE chain.tokens (chain_id integer, collection text, token_id numeric,
      owner text, locked boolean, parent_token_id numeric, connected_to_tag boolean, "limit" numeric,
      updated_block bigint)`);
    return new FakeChainIndex(db);
  }

  /** The token the chip or link `chiplinkId` mints (read as the mint flow hands it out). */
  async tokenOf(chiplinkId: string): Promise<string> {
    const { rows } = await this.db.query<{ token: string }>(
      'SELECT token_to_mint AS token FROM chiplinks.chiplinks WHERE id = $1',
      [chiplinkId],
    );
    return rows[0]!.token;
  }

  async mint(m: {
    chainId?: number;
    collection: string;
    tokenId: string;
    to: string;
    at: Date;
    block: number;
    txHash: string;
  }): Promise<void> {
    const chainId = m.chainId ?? 1337;
    await this.db.query('INSERT INTO chain.transfers VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0)', [
      `${m.txHash}-0`,
      chainId,
      m.collection.toLowerCase(),
      m.tokenId,
      ZERO,
      m.to.toLowerCase(),
      m.block,
      Math.floor(m.at.getTime() / 1000),
      m.txHash.toLowerCase(),
    ]);
    await this.db.query('INSERT INTO chain.tokens VALUES ($1, $2, $3, $4, false, null, false, null, $5)', [
      chainId,
      m.collection.toLowerCase(),
      m.tokenId,
      m.to.toLowerCase(),
      m.block,
    ]);
  }

  close(): Promise<void> {
    return this.db.end();
  }
}
