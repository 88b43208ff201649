import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createDatabase, runMigrations } from '@metatag/db';
import { systemClock } from '@metatag/nest-kit';
import { freshDatabaseUrl } from '../testing/relayer.fixture.js';
import type { RelayerConfig } from '@metatag/config';
import { FeeLedger } from './fee-ledger.js';
import { FeeLedgerRepository } from './fee-ledger.repository.js';
import { FeeLedgerService } from './fee-ledger.service.js';

// A ledger page shows the balance, what is held and the entries side by side. A replacement's
// integration test once read a settlement beside the balance from before it (CI on 420142f): the
// three were read on separate connections while the receipt's close committed between them.
const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

test('a ledger reply is one snapshot: balance, holds and entries agree while holds open and close', async () => {
  const database = await freshDatabaseUrl();
  const writer = createDatabase({ url: database.url, schema: 'relayer', poolSize: 2 });
  const reader = createDatabase({ url: database.url, schema: 'relayer', poolSize: 4 });
  try {
    await runMigrations(writer, migrations);
    const repo = new FeeLedgerRepository();
    // no rate limit: the writer opens holds as fast as it can
    const ledger = new FeeLedger(repo, systemClock, { RELAYER_PAID_TX_PER_MINUTE: 0 } as RelayerConfig);
    const service = new FeeLedgerService(repo, reader, systemClock);
    const account = { accountId: 7, chainId: 1337 };
    await service.setBalance({ accountId: 7, chain: 'ganache', balance: '1000000', actorId: 1 });

    // Holds open and close (with a fee) one after another while the pages are read.
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing && i < 400; i += 1) {
        const reference = `hold-${i}`;
        await writer.db.transaction((tx) =>
          ledger.reserve(tx, { ...account, reference, amount: 100n, note: 'test' }),
        );
        await writer.db.transaction((tx) =>
          ledger.close(tx, [
            { reference, fee: { txHash: `0x${'1'.repeat(64)}`, gasUsed: 3n, effectiveGasPrice: 10n } },
          ]),
        );
      }
    })();

    let reads = 0;
    const disagreements: string[] = [];
    try {
      while (reads < 150) {
        const page = await service.entries({ accountId: 7, chain: 'ganache', limit: 2000 });
        reads += 1;
        const newest = page.items[0]?.balance ?? '0';
        if (page.item !== newest) disagreements.push(`balance ${page.item}, newest entry's ${newest}`);
        const open = page.items
          .filter((e) => e.kind === 'reservation' || e.kind === 'release')
          .reduce((sum, e) => sum - BigInt(e.amount), 0n);
        if (page.held !== open.toString()) disagreements.push(`held ${page.held}, entries hold ${open}`);
        const summary = await service.balance({ accountId: 7, chain: 'ganache' });
        if (BigInt(summary.item) < 0n) disagreements.push(`negative balance ${summary.item}`);
      }
    } finally {
      writing = false;
      await writes;
    }
    assert.deepEqual(disagreements.slice(0, 5), [], `${disagreements.length} of ${reads} pages disagreed`);
  } finally {
    await writer.close();
    await reader.close();
    await database.drop();
  }
});
