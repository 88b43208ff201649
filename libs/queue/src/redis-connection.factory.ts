import { Redis, type RedisOptions } from 'ioredis';

/**
 * producer: the one client every BullMQ Queue of an adapter shares (add, lookups, pause). It gives up
 * on a command after `maxRetriesPerRequest` reconnect attempts, so `add` during a long Redis outage
 * rejects instead of hanging a request forever.
 * worker: the template BullMQ duplicates for each Worker and QueueEvents (a blocking BZPOPMIN/XREAD
 * needs a socket of its own). `maxRetriesPerRequest: null` makes them wait out a Redis restart;
 * BullMQ refuses anything else for blocking connections.
 */
export type RedisRole = 'producer' | 'worker';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export function createRedisConnection(
  redisUrl: string,
  role: RedisRole,
  overrides: RedisOptions = {},
): Redis {
  const client = new Redis(redisUrl, {
    maxRetriesPerRequest: role === 'worker' ? null : 20,
    // Reconnect quickly at first, then every 2 s: a restarted Redis is picked up within 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
    // The worker template never talks to Redis itself; only its duplicates connect.
    lazyConnect: role === 'worker',
    connectionName: `metatag-queue-${role}`,
    ...overrides,
  });
  // ioredis prints "Unhandled error event" for clients without a listener; BullMQ forwards the
  // errors of the connections it uses to the adapter's 'error' event instead.
  client.on('error', () => undefined);
  return client;
}
