import type { Database } from '@metatag/db';
import { dbPoolConnections } from './registry.js';

/** Reports a service's pool on every scrape until the returned function is called (service stop). */
export function watchPool(service: string, database: Database): () => void {
  return dbPoolConnections.add(async () => {
    const { totalCount, idleCount, waitingCount } = database.pool;
    return [
      { labels: { service, state: 'total' }, value: totalCount },
      { labels: { service, state: 'idle' }, value: idleCount },
      { labels: { service, state: 'waiting' }, value: waitingCount },
    ];
  });
}
