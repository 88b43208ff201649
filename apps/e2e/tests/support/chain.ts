import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/** The local chain (anvil) of the stack under test; tools/e2e.mjs passes its URL. */
function rpcUrl(): string {
  const url = process.env.E2E_RPC_URL;
  if (!url) throw new Error('E2E_RPC_URL is not set: run the suite with `npm run test:e2e`');
  return url;
}

/** One JSON-RPC call to anvil. */
export async function anvilRpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const reply = (await response.json()) as { result?: T; error?: { message: string } };
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
  return reply.result as T;
}

export interface Receipt {
  transactionHash: string;
  contractAddress: string | null;
  status: string;
}

/** Waits for a transaction's receipt (anvil mines at once; up to 20 s on a busy machine). */
export async function receipt(hash: string): Promise<Receipt> {
  for (let i = 0; i < 100; i++) {
    const found = await anvilRpc<Receipt | null>('eth_getTransactionReceipt', [hash]);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no receipt for ${hash}`);
}

/**
 * Sends a transaction from `from` as that account's own wallet would (anvil impersonates it: no key
 * needed) and returns its receipt. Never from the relayer's account: that takes one of its nonces
 * behind its back, and its next transaction waits 30 s before it is failed as "nonce used by another
 * transaction".
 */
export async function sendAs(
  from: string,
  tx: { to?: string; data: string; gas?: string; value?: string },
): Promise<Receipt> {
  await anvilRpc('anvil_impersonateAccount', [from]);
  try {
    return await receipt(await anvilRpc<string>('eth_sendTransaction', [{ from, ...tx }]));
  } finally {
    await anvilRpc('anvil_stopImpersonatingAccount', [from]);
  }
}

/** Gives an address ETH on the local chain (a new built-in wallet has none). */
export async function fund(address: string, ether = 100n): Promise<void> {
  await anvilRpc('anvil_setBalance', [address, `0x${(ether * 10n ** 18n).toString(16)}`]);
}

/**
 * NEW WALLET in the header: a real key made in the browser, connected on the page's chain.
 * Returns its address (checksummed, as the header shows it).
 */
export async function createBuiltInWallet(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'NEW WALLET' }).click();
  await expect(page.getByTestId('wallet-status')).toHaveText('connected', { timeout: 15_000 });
  const address = (await page.getByTestId('wallet-address').getAttribute('title')) ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return address;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG image (solid colour, RGB), made in the test. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
