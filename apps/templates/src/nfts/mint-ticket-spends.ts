import { lt } from 'drizzle-orm';
import { MINT_TICKET_SPENT } from '@metatag/api-types';
import { AppError } from '@metatag/nest-kit';
import { mintTicketSpends } from '../db/schema.js';
import type { Tx } from '../read-model/read-model.writer.js';

/** Spends are kept this long past their ticket's expiry: a gateway clock behind ours still finds them. */
const PRUNE_MARGIN_MS = 60 * 60_000;

/** The embed ticket being completed: its own id and its expiry. */
export interface TicketSpend {
  id: string;
  expiresAt: Date;
}

/**
 * Marks an embed mint ticket used (issue #28), first in the transaction that writes the description:
 * an insert that meets an existing row (or a concurrent one, which it waits for) inserts nothing, and
 * the ticket is refused with 409, so a ticket writes the description once whatever happened since.
 */
export async function spendMintTicket(tx: Tx, ticket: TicketSpend, nftId: number, now: Date): Promise<void> {
  await tx
    .delete(mintTicketSpends)
    .where(lt(mintTicketSpends.expiresAt, new Date(now.getTime() - PRUNE_MARGIN_MS)));
  const inserted = await tx
    .insert(mintTicketSpends)
    .values({ ticketId: ticket.id, nftId, spentAt: now, expiresAt: ticket.expiresAt })
    .onConflictDoNothing()
    .returning({ ticketId: mintTicketSpends.ticketId });
  if (inserted.length === 0) throw new AppError('ticket_spent', MINT_TICKET_SPENT, 409);
}
