import { expect, request, type Page } from '@playwright/test';

/** The super admin the standalone stack creates on first start (tools/e2e.mjs sets the password). */
export const ADMIN_NAME = 'admin';

export function adminPassword(): string {
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set: run the suite with `npm run test:e2e`');
  return password;
}

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npm run test:e2e`');
  return url;
}

/** A user name no other test (or earlier run against the same stack) uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface ApiUser {
  id: number;
  address: string;
  created: string;
  balance: string;
  isSuperAdmin: boolean;
  userAddress: string | null;
}

/**
 * Creates a user through the REST API as the super admin (for tests whose subject is not user
 * management), optionally with a password.
 */
export async function createUserViaApi(name: string, password?: string): Promise<ApiUser> {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const login = await api.post('/password-login', {
      data: { name: ADMIN_NAME, password: adminPassword() },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const created = await api.post('/json/users', { data: { address: name } });
    expect(created.ok(), await created.text()).toBe(true);
    const user = (await created.json()) as ApiUser;
    if (password !== undefined) {
      const set = await api.post('/json/users/set-password', { data: { id: user.id, password } });
      expect(set.ok(), await set.text()).toBe(true);
    }
    return user;
  } finally {
    await api.dispose();
  }
}

/**
 * The super admin sets a user's relayer balance (wei) on a chain through the API, as the users
 * table does: manual mints are paid from it.
 */
export async function creditViaApi(userId: number, wei: bigint, chain = 'ganache'): Promise<void> {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const login = await api.post('/password-login', {
      data: { name: ADMIN_NAME, password: adminPassword() },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const set = await api.put(`/json/users/${userId}`, { data: { balance: wei.toString(), chain } });
    expect(set.ok(), await set.text()).toBe(true);
  } finally {
    await api.dispose();
  }
}

/** Records every dialog's message and accepts it (alerts must not block the page). */
export function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    // the page waits for the dialog's answer, not this handler
    void dialog.accept();
  });
  return messages;
}

/** Signs in on the login page of `chain` with a name and password. */
export async function loginWithPassword(
  page: Page,
  chain: string,
  name: string,
  password: string,
): Promise<void> {
  await page.goto(`/${chain}/admin/login`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
