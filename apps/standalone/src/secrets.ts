import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Secrets the standalone stack generates on first start and keeps in .data/secrets.json (mode 600). */
export interface StandaloneSecrets {
  SESSION_SECRET: string;
  SUPER_ADMIN_PASSWORD: string;
  /** Chip key diversification master (AES-128, 32 hex). Changing it invalidates every provisioned chip. */
  CHIP_MASTER_KEY: string;
  SCAN_TOKEN_SECRET: string;
  /** The embedded PostgreSQL's `metatag` role (issue #28: it was the fixed `metatag-local`). */
  POSTGRES_PASSWORD: string;
}

const generators: { [K in keyof StandaloneSecrets]: () => string } = {
  SESSION_SECRET: () => randomBytes(32).toString('base64url'),
  SUPER_ADMIN_PASSWORD: () => randomBytes(12).toString('base64url'),
  CHIP_MASTER_KEY: () => randomBytes(16).toString('hex'),
  SCAN_TOKEN_SECRET: () => randomBytes(32).toString('base64url'),
  POSTGRES_PASSWORD: () => randomBytes(24).toString('base64url'),
};

/** The password every embedded cluster had before it was generated (upgraded on their next start). */
export const LEGACY_POSTGRES_PASSWORD = 'metatag-local';

/** Loads the secrets, generating the missing ones; `created` names those generated now. */
export async function loadOrCreateSecrets(
  file: string,
): Promise<{ secrets: StandaloneSecrets; created: (keyof StandaloneSecrets)[] }> {
  const existing: Partial<StandaloneSecrets> = existsSync(file)
    ? JSON.parse(await readFile(file, 'utf8'))
    : {};
  const secrets = { ...existing } as StandaloneSecrets;
  const created: (keyof StandaloneSecrets)[] = [];
  for (const key of Object.keys(generators) as (keyof StandaloneSecrets)[]) {
    if (!secrets[key]) {
      secrets[key] = generators[key]();
      created.push(key);
    }
  }
  if (created.length) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return { secrets, created };
}
