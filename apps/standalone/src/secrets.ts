import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Secrets the standalone stack generates on first start and keeps in .data/secrets.json (mode 600). */
export interface StandaloneSecrets {
  SESSION_SECRET: string;
}

const generators: { [K in keyof StandaloneSecrets]: () => string } = {
  SESSION_SECRET: () => randomBytes(32).toString('base64url'),
};

export async function loadOrCreateSecrets(file: string): Promise<StandaloneSecrets> {
  const existing: Partial<StandaloneSecrets> = existsSync(file)
    ? JSON.parse(await readFile(file, 'utf8'))
    : {};
  let changed = false;
  const secrets = { ...existing } as StandaloneSecrets;
  for (const key of Object.keys(generators) as (keyof StandaloneSecrets)[]) {
    if (!secrets[key]) {
      secrets[key] = generators[key]();
      changed = true;
    }
  }
  if (changed) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
