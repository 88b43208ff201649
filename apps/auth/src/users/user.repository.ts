import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { AuthUser } from '@metatag/events';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export const toAuthUser = (row: UserRow): AuthUser => ({
  id: row.id,
  address: row.address,
  created: row.created.toISOString(),
  balance: trimDecimal(row.balance),
  isSuperAdmin: row.isSuperAdmin,
  userAddress: row.userAddress,
});

/** numeric(48,18) comes back as '12.500000000000000000'; show '12.5'. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export interface NewUser {
  address: string;
  userAddress?: string | null;
  isSuperAdmin?: boolean;
  passwordHash?: string | null;
}

@Injectable()
export class UserRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByName(name: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.addressKey, name.toLowerCase()));
    return row;
  }

  /** Accounts whose wallet `wallet` is: its sign-in name or its linked wallet. */
  async findByWallet(wallet: string): Promise<UserRow[]> {
    const key = wallet.toLowerCase();
    return this.db
      .select()
      .from(users)
      .where(or(eq(users.addressKey, key), eq(sql`lower(${users.userAddress})`, key)));
  }

  async findByShopTokenHash(hash: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.shopTokenHash, hash));
    return row;
  }

  async list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.id));
  }

  /** Inserts unless the name is taken; returns undefined when it is. */
  async create(user: NewUser): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({
        address: user.address,
        addressKey: user.address.toLowerCase(),
        userAddress: user.userAddress ?? null,
        isSuperAdmin: user.isSuperAdmin ?? false,
        passwordHash: user.passwordHash ?? null,
      })
      .onConflictDoNothing({ target: users.addressKey })
      .returning();
    return row;
  }

  async update(
    id: number,
    patch: Partial<
      Pick<
        UserRow,
        'address' | 'userAddress' | 'balance' | 'passwordHash' | 'shopTokenSealed' | 'shopTokenHash'
      >
    >,
  ): Promise<UserRow | undefined> {
    const values =
      patch.address === undefined ? patch : { ...patch, addressKey: patch.address.toLowerCase() };
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }
}
