import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { runMintLifecycleSuite } from './testing/mint-lifecycle.suite.js';

// The distributed adapter: BullMQ on the real Redis at 127.0.0.1:6379 (REDIS_URL overrides), under a
// prefix of its own that is deleted afterwards.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-relayer-${randomUUID().slice(0, 8)}`;

runMintLifecycleSuite({
  label: 'BullMQ',
  env: { QUEUE: 'bullmq', REDIS_URL, QUEUE_PREFIX: prefix },
  cleanup: async () => {
    const redis = new Redis(REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
  },
});
