import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { hashPassword } from '../login/password-hasher.js';
import { SessionService } from '../sessions/session.service.js';
import { toAuthUser, UserRepository } from './user.repository.js';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

const NAME = /^[^\s<>]{1,64}$/;

/** Super-admin user management (spec section 2, "Super admin page"). */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {}

  async list(): Promise<AuthUser[]> {
    return (await this.users.list()).map(toAuthUser);
  }

  async get(id: number): Promise<AuthUser> {
    const user = await this.users.findById(id);
    if (!user) throw AppError.notFound('User not found');
    return toAuthUser(user);
  }

  /** A wallet address becomes the user's name and wallet; any other name is a password account. */
  async create(address: string): Promise<AuthUser> {
    const name = normalizeName(address);
    const created = await this.users.create({
      address: name,
      userAddress: ANY_CASE_ADDRESS_PATTERN.test(name) ? name : null,
    });
    if (!created) throw new AppError('user_exists', 'A user with this address already exists', 409);
    return toAuthUser(created);
  }

  /** The super admin renames a user; a wallet address as the name also becomes the user's wallet. */
  async update(id: number, patch: { address: string }): Promise<AuthUser> {
    const values: { address: string; userAddress?: string | null } = {
      address: normalizeName(patch.address),
    };
    if (ANY_CASE_ADDRESS_PATTERN.test(values.address)) values.userAddress = values.address;
    const holder = await this.users.findByName(values.address);
    if (holder && holder.id !== id)
      throw new AppError('user_exists', 'A user with this address already exists', 409);
    const updated = await this.users.update(id, values);
    if (!updated) throw AppError.notFound('User not found');
    return toAuthUser(updated);
  }

  /** A new password ends every session of the user but `keepSessionToken` (the caller's own, if theirs). */
  async setPassword(id: number, password: string, keepSessionToken?: string): Promise<void> {
    if (!password) throw new AppError('invalid_value', 'A new password must be non-empty', 400);
    const updated = await this.users.update(id, { passwordHash: await hashPassword(password) });
    if (!updated) throw AppError.notFound('User not found');
    await this.sessions.endSessionsOf(id, keepSessionToken);
  }
}

function normalizeName(value: string): string {
  const name = value.trim();
  if (!NAME.test(name)) throw new AppError('invalid_value', 'Invalid value', 400);
  return ANY_CASE_ADDRESS_PATTERN.test(name) ? name.toLowerCase() : name;
}
