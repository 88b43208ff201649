import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import {
  deriveChipKeys,
  simulateTapQuery,
  type ChipKeys,
  type DerivedScheme,
  type SunLayout,
  type SunMode,
} from '@metatag/chips';
import { ADMIN_PASSWORD, Client } from './stack.fixture.js';

/** Fixed chip secrets for a test stack: the tests simulate chips with the same master key. */
export function chipSecrets(): { CHIP_MASTER_KEY: string; SCAN_TOKEN_SECRET: string } {
  return {
    CHIP_MASTER_KEY: randomBytes(16).toString('hex'),
    SCAN_TOKEN_SECRET: randomBytes(32).toString('hex'),
  };
}

export const randomUid = () => randomBytes(7).toString('hex').toUpperCase();

/** How a simulated chip is personalised: its keys' scheme, its SUN mode, its URL layout, its file data. */
export interface ChipConfig {
  scheme?: DerivedScheme;
  mode?: SunMode;
  layout?: SunLayout;
  fileData?: Buffer;
}

/** A simulated NTAG 424 DNA chip: each tap yields the next SUN message, as the real chip does. */
export class SimulatedChip {
  readonly keys: ChipKeys;
  counter: number;

  constructor(
    masterKeyHex: string,
    readonly uid = randomUid(),
    keys?: ChipKeys,
    counter = 0,
    readonly config: ChipConfig = {},
  ) {
    this.keys = keys ?? deriveChipKeys(Buffer.from(masterKeyHex, 'hex'), uid, config.scheme);
    this.counter = counter;
  }

  /** The `auth` parameter of the next tap (AES, MetaTag's layout). */
  tap(): string {
    this.counter += 1;
    return this.at(this.counter);
  }

  at(counter: number): string {
    return simulateTapQuery(this.keys, { uid: this.uid, readCounter: counter }, 'auth').slice('auth='.length);
  }

  /** The query string of the next tap in the chip's own mode and layout. */
  tapQuery(): string {
    this.counter += 1;
    return this.queryAt(this.counter);
  }

  queryAt(counter: number): string {
    const { mode, layout, fileData } = this.config;
    return simulateTapQuery(this.keys, { uid: this.uid, readCounter: counter, mode, fileData }, layout);
  }
}

export async function superAdmin(url: string): Promise<Client> {
  const client = new Client(url);
  const res = await client.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return client;
}

/** the password of `newAdmin`'s users (a CLI signs in with it) */
export const ADMIN_USER_PASSWORD = 'chips-password';

/** A new password user signed in (an admin of spec section 6), with its id and name (password `ADMIN_USER_PASSWORD`). */
export async function newAdmin(
  url: string,
  boss: Client,
): Promise<{ client: Client; id: number; name: string }> {
  const name = `chips${randomBytes(4).toString('hex')}`;
  const created = await boss.call('POST', '/json/users', { address: name });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await boss.call('POST', '/json/users/set-password', { id: created.body.id, password: ADMIN_USER_PASSWORD });
  const client = new Client(url);
  const res = await client.call('POST', '/password-login', { name, password: ADMIN_USER_PASSWORD });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { client, id: created.body.id as number, name };
}

export async function newTemplate(client: Client, collectionAddress = ''): Promise<number> {
  const res = await client.call('POST', '/json/ganache/nft', collectionAddress ? { collectionAddress } : {});
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body.item as { id: number }).id;
}

export async function provisionChip(
  client: Client,
  nftId: number,
  chip: SimulatedChip,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await client.call('POST', `/json/qrlink/chip/${nftId}`, { uid: chip.uid, ...extra });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body.item as { id: string }).id;
}
