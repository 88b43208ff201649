import type { Abi } from 'viem';
import { API_ROUTES, UINT256_PATTERN } from '@metatag/api-types';
import { collectionAbi } from '@metatag/contracts';

/**
 * The code samples of `/{chain}/limited` (issue #18): for each tab, the same call in viem (a Node ESM
 * script) and in wagmi (a React component), generated from the tab's current inputs and the
 * collection ABI of @metatag/contracts. Pure: no React, no wallet, no DOM. A test runs every viem
 * sample against a local chain and typechecks every wagmi sample (samples.int-spec.ts), so a sample
 * can never drift from the contract or from our API.
 *
 * The viem scripts read their environment: RPC_URL (the chain's JSON-RPC), PRIVATE_KEY (the sending
 * wallet's key) and, for calls to MetaTag's API, METATAG_URL and METATAG_TOKEN (your shop access
 * token, `GET /woo_commmerce_access_token`). Each prints one line of JSON with what it read or sent.
 */

export const LIMITED_TABS = [
  'create',
  'available',
  'ownership',
  'mint',
  'father',
  'redeem',
  'attach',
] as const;
export type LimitedTab = (typeof LIMITED_TABS)[number];

export interface SampleInput {
  /** The page's chain name and its EIP-155 id. */
  chain: string;
  chainId: number;
  /** Where MetaTag's API is (the page's origin). */
  origin: string;
  /** The smart contract (collection) address. */
  collection: string;
  title: string;
  limit: string;
  fatherUid: string;
  amount: string;
  tokenUid: string;
  childUid: string;
  nfcUid: string;
}

export interface Sample {
  viem: string;
  wagmi: string;
}

/** The functions each tab calls (on the collection). */
export const TAB_FUNCTIONS: Readonly<Record<LimitedTab, readonly string[]>> = {
  create: ['limitPerUid', 'ownerOf'],
  available: ['availableChildren', 'limitPerUid', 'mintedChildren'],
  ownership: ['ownerOf', 'locked'],
  mint: ['availableChildren', 'mintChildBatch'],
  father: ['whoIsFather'],
  redeem: ['disallowTokenTransfers', 'locked'],
  attach: ['setConnectToTag', 'connectedToTag'],
};

type AbiItem = Abi[number];

/** The custom errors a limited-edition call may revert with: embedded so viem decodes them by name. */
export const SAMPLE_ERRORS = [
  'NotTokenOwner',
  'NotTokenOwnerOrMinter',
  'InvalidBatchAmount',
  'ChildLimitExceeded',
  'NotAChild',
  'TokenLocked',
  'ERC721NonexistentToken',
] as const;

/** The ABI a tab's sample embeds: its functions, then the limited-edition errors (so reverts decode). */
export function sampleAbi(tab: LimitedTab): AbiItem[] {
  const names = new Set(TAB_FUNCTIONS[tab]);
  const errors = new Set<string>(SAMPLE_ERRORS);
  const abi = collectionAbi as readonly AbiItem[];
  return [
    ...abi.filter((item) => item.type === 'function' && names.has(item.name)),
    ...abi.filter((item) => item.type === 'error' && errors.has(item.name)),
  ];
}

const abiText = (tab: LimitedTab) =>
  `[\n${sampleAbi(tab)
    .map((item) => `  ${JSON.stringify(item)},`)
    .join('\n')}\n]`;

/** A uint256 literal from a decimal input ('' and garbage become 0n: the page validates apart). */
export const uintLiteral = (value: string) => `${UINT256_PATTERN.test(value.trim()) ? value.trim() : '0'}n`;
const str = (value: string) => JSON.stringify(value);
const address = (value: string) => str(value.trim().toLowerCase());

const DEFAULT_RPC = 'http://127.0.0.1:8545';

function viemHeader(input: SampleInput, tab: LimitedTab, write: boolean): string {
  const rpc = input.chain === 'ganache' ? ` ?? ${str(DEFAULT_RPC)}` : '';
  return [
    `// ${TAB_TITLES[tab]} with viem (node sample.mjs). Env: RPC_URL${write ? ', PRIVATE_KEY' : ''}.`,
    `import { createPublicClient${write ? ', createWalletClient' : ''}, defineChain, http } from 'viem';`,
    ...(write ? [`import { privateKeyToAccount } from 'viem/accounts';`] : []),
    '',
    `const rpcUrl = process.env.RPC_URL${rpc};`,
    `const chain = defineChain({`,
    `  id: ${input.chainId},`,
    `  name: ${str(input.chain)},`,
    `  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },`,
    `  rpcUrls: { default: { http: [rpcUrl] } },`,
    `});`,
    `const collection = ${address(input.collection)};`,
    `const abi = ${abiText(tab)};`,
    `const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });`,
    ...(write
      ? [
          `const account = privateKeyToAccount(process.env.PRIVATE_KEY);`,
          `const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });`,
        ]
      : []),
    '',
  ].join('\n');
}

/** Simulate (a revert is decoded before anything is sent), send, wait for the receipt. */
function viemWrite(fn: string, args: string): string {
  return [
    `const { request } = await publicClient.simulateContract({`,
    `  account,`,
    `  address: collection,`,
    `  abi,`,
    `  functionName: ${str(fn)},`,
    `  args: ${args},`,
    `});`,
    `const hash = await wallet.writeContract(request);`,
    `const receipt = await publicClient.waitForTransactionReceipt({ hash });`,
  ].join('\n');
}

const read = (fn: string, args: string) =>
  `await publicClient.readContract({ address: collection, abi, functionName: ${str(fn)}, args: ${args} })`;

/** The creation helper's path from the route table. */
const createPath = (chain: string) =>
  API_ROUTES.createLimited.path.replace(':chain', encodeURIComponent(chain));
/** The attach route's path from the route table. */
const attachPathOf = (chain: string) =>
  API_ROUTES.attachChild.path.replace(':chain', encodeURIComponent(chain));

function viemBody(tab: LimitedTab, input: SampleInput): string {
  const father = uintLiteral(input.fatherUid);
  const token = uintLiteral(input.tokenUid);
  const child = uintLiteral(input.childUid);
  switch (tab) {
    case 'create':
      return [
        `import { readFile } from 'node:fs/promises';`,
        '',
        `// MetaTag stores the media and mints the father with mintWithLimit (paid from your relayer balance).`,
        `const form = new FormData();`,
        `if (process.env.FILE) {`,
        `  form.append('type', 'image/png');`,
        `  form.append('image', new Blob([await readFile(process.env.FILE)], { type: 'image/png' }), 'father.png');`,
        `}`,
        `const url = new URL(${str(createPath(input.chain))}, process.env.METATAG_URL ?? ${str(input.origin)});`,
        `url.search = new URLSearchParams({`,
        `  title: ${str(input.title)},`,
        `  limit: ${str(String(input.limit).trim())},`,
        `  collection,`,
        `  authtoken: process.env.METATAG_TOKEN,`,
        `}).toString();`,
        `const response = await fetch(url, { method: 'POST', body: form });`,
        `const reply = await response.json();`,
        `if (!response.ok) throw new Error(reply.errorMessage ?? reply.error);`,
        `if (reply.txHash) await publicClient.waitForTransactionReceipt({ hash: reply.txHash });`,
        `const tokenId = BigInt(reply.tokenId);`,
        `const limit = ${read('limitPerUid', '[tokenId]')};`,
        `const owner = ${read('ownerOf', '[tokenId]')};`,
        `console.log(JSON.stringify({ tokenId: reply.tokenId, txHash: reply.txHash, limit: limit.toString(), owner }));`,
      ].join('\n');
    case 'available':
      return [
        `const father = ${father};`,
        `const [available, limit, minted] = await Promise.all([`,
        `  ${read('availableChildren', '[father]')},`,
        `  ${read('limitPerUid', '[father]')},`,
        `  ${read('mintedChildren', '[father]')},`,
        `]);`,
        `console.log(JSON.stringify({ available: available.toString(), limit: limit.toString(), minted: minted.toString() }));`,
      ].join('\n');
    case 'ownership':
      return [
        `const token = ${token};`,
        `const owner = ${read('ownerOf', '[token]')};`,
        `const locked = ${read('locked', '[token]')};`,
        `const mine = process.env.WALLET ? owner.toLowerCase() === process.env.WALLET.toLowerCase() : null;`,
        `console.log(JSON.stringify({ owner: owner.toLowerCase(), locked, mine }));`,
      ].join('\n');
    case 'mint':
      return [
        `const father = ${father};`,
        `const amount = ${uintLiteral(input.amount)};`,
        `// never more than available: the contract would revert with ChildLimitExceeded`,
        `const available = ${read('availableChildren', '[father]')};`,
        `if (amount > available) throw new Error(\`Not enough child tokens left: \${available} available\`);`,
        viemWrite('mintChildBatch', '[father, amount]'),
        `const available2 = ${read('availableChildren', '[father]')};`,
        `console.log(JSON.stringify({ hash, status: receipt.status, available: available2.toString() }));`,
      ].join('\n');
    case 'father':
      return [
        `const child = ${child};`,
        `const father = ${read('whoIsFather', '[child]')};`,
        `console.log(JSON.stringify({ father: father.toString() }));`,
      ].join('\n');
    case 'redeem':
      return [
        `const token = ${token};`,
        `// after this the token cannot be transferred any more`,
        viemWrite('disallowTokenTransfers', '[token]'),
        `const locked = ${read('locked', '[token]')};`,
        `console.log(JSON.stringify({ hash, status: receipt.status, locked }));`,
      ].join('\n');
    case 'attach':
      return [
        `// MetaTag links the chip to the child token, and answers the transaction your wallet sends`,
        `// (setConnectToTag) to record the connection on chain.`,
        `const url = new URL(${str(attachPathOf(input.chain))}, process.env.METATAG_URL ?? ${str(input.origin)});`,
        `url.search = new URLSearchParams({ authtoken: process.env.METATAG_TOKEN }).toString();`,
        `const response = await fetch(url, {`,
        `  method: 'POST',`,
        `  headers: { 'content-type': 'application/json' },`,
        `  body: JSON.stringify({ collection, childTokenUid: ${str(input.childUid.trim())}, nfcUid: ${str(input.nfcUid.trim())} }),`,
        `});`,
        `const reply = await response.json();`,
        `if (!response.ok) throw new Error(reply.errorMessage ?? reply.error);`,
        `const hash = await wallet.sendTransaction({ to: reply.transaction.to, data: reply.transaction.data });`,
        `const receipt = await publicClient.waitForTransactionReceipt({ hash });`,
        `const connected = ${read('connectedToTag', `[${child}]`)};`,
        `console.log(JSON.stringify({ chipId: reply.chipId, hash, status: receipt.status, connected }));`,
      ].join('\n');
  }
}

const WRITES: ReadonlySet<LimitedTab> = new Set(['mint', 'redeem', 'attach']);

export const TAB_TITLES: Readonly<Record<LimitedTab, string>> = {
  create: 'Create father NFT',
  available: 'Check available items',
  ownership: 'Check ownership',
  mint: 'Create child NFT',
  father: 'Check child NFT',
  redeem: 'Redeem',
  attach: 'Attach child NFT to an NFC tag',
};

function viemSample(tab: LimitedTab, input: SampleInput): string {
  const body = viemBody(tab, input);
  // node: imports first
  const imports = body.split('\n').filter((line) => line.startsWith('import '));
  const rest = body
    .split('\n')
    .filter((line) => !line.startsWith('import '))
    .join('\n')
    .replace(/^\n+/, '');
  const header = viemHeader(input, tab, WRITES.has(tab));
  const [first, ...others] = header.split('\n');
  return [first, ...imports, ...others, rest, ''].join('\n');
}

function wagmiHeader(tab: LimitedTab, input: SampleInput, hooks: string[]): string {
  return [
    `// ${TAB_TITLES[tab]} with wagmi (React), below your WagmiProvider and QueryClientProvider.`,
    `import { ${hooks.join(', ')} } from 'wagmi';`,
    '',
    `const chainId = ${input.chainId};`,
    `const collection = ${address(input.collection)};`,
    `const abi = ${abiText(tab)} as const;`,
    '',
  ].join('\n');
}

function wagmiSample(tab: LimitedTab, input: SampleInput): string {
  const father = uintLiteral(input.fatherUid);
  const token = uintLiteral(input.tokenUid);
  const child = uintLiteral(input.childUid);
  const readHook = (name: string, fn: string, args: string) =>
    `  const ${name} = useReadContract({ chainId, address: collection, abi, functionName: ${str(fn)}, args: ${args} });`;
  const writeParts = (fn: string, args: string) => [
    `  const { writeContract, data: hash, error, isPending } = useWriteContract();`,
    `  const receipt = useWaitForTransactionReceipt({ chainId, hash });`,
    `  const send = () => writeContract({ chainId, address: collection, abi, functionName: ${str(fn)}, args: ${args} });`,
  ];
  switch (tab) {
    case 'create':
      return [
        `// ${TAB_TITLES[tab]} with wagmi (React): MetaTag stores the media and mints the father.`,
        `import { useState } from 'react';`,
        `import { useReadContract, useWaitForTransactionReceipt } from 'wagmi';`,
        '',
        `const chainId = ${input.chainId};`,
        `const collection = ${address(input.collection)};`,
        `const abi = ${abiText(tab)} as const;`,
        '',
        `type Reply = { tokenId: string; txHash: \`0x\${string}\` | null; errorMessage?: string };`,
        '',
        `export function CreateFather({ file }: { file?: File }) {`,
        `  const [reply, setReply] = useState<Reply>();`,
        `  const [error, setError] = useState('');`,
        `  const receipt = useWaitForTransactionReceipt({ chainId, hash: reply?.txHash ?? undefined });`,
        `  const limit = useReadContract({`,
        `    chainId,`,
        `    address: collection,`,
        `    abi,`,
        `    functionName: 'limitPerUid',`,
        `    args: [BigInt(reply?.tokenId ?? 0)],`,
        `    query: { enabled: receipt.isSuccess },`,
        `  });`,
        `  const create = async () => {`,
        `    const form = new FormData();`,
        `    if (file) {`,
        `      form.append('type', file.type);`,
        `      form.append('image', file, file.name);`,
        `    }`,
        `    const query = new URLSearchParams({ title: ${str(input.title)}, limit: ${str(String(input.limit).trim())}, collection });`,
        `    // signed in to MetaTag in this browser (session cookie)`,
        `    const response = await fetch(\`${createPath(input.chain)}?\${query}\`, { method: 'POST', body: form });`,
        `    const body = (await response.json()) as Reply;`,
        `    if (response.ok) setReply(body);`,
        `    else setError(body.errorMessage ?? 'errror');`,
        `  };`,
        `  return (`,
        `    <div>`,
        `      <button onClick={() => void create()}>Create Limited edition NFT</button>`,
        `      {reply && <p>Token UID {reply.tokenId}, transaction {reply.txHash}</p>}`,
        `      {limit.data !== undefined && <p>Limit {limit.data.toString()}</p>}`,
        `      {error && <p>{error}</p>}`,
        `    </div>`,
        `  );`,
        `}`,
        '',
      ].join('\n');
    case 'available':
      return [
        wagmiHeader(tab, input, ['useReadContract']),
        `export function AvailableItems() {`,
        readHook('available', 'availableChildren', `[${father}]`),
        readHook('limit', 'limitPerUid', `[${father}]`),
        readHook('minted', 'mintedChildren', `[${father}]`),
        `  if (available.error) return <p>{available.error.message}</p>;`,
        `  return (`,
        `    <p>`,
        `      Available {available.data?.toString()} of {limit.data?.toString()} ({minted.data?.toString()} minted)`,
        `    </p>`,
        `  );`,
        `}`,
        '',
      ].join('\n');
    case 'ownership':
      return [
        wagmiHeader(tab, input, ['useAccount', 'useReadContract']),
        `export function Ownership() {`,
        `  const { address } = useAccount();`,
        readHook('owner', 'ownerOf', `[${token}]`),
        readHook('locked', 'locked', `[${token}]`),
        `  if (owner.error) return <p>{owner.error.message}</p>;`,
        `  const mine = !!address && owner.data?.toLowerCase() === address.toLowerCase();`,
        `  return (`,
        `    <p>`,
        `      Owner {owner.data} {mine ? '(your wallet)' : ''} {locked.data ? 'redeemed (locked)' : ''}`,
        `    </p>`,
        `  );`,
        `}`,
        '',
      ].join('\n');
    case 'mint':
      return [
        wagmiHeader(tab, input, ['useReadContract', 'useWaitForTransactionReceipt', 'useWriteContract']),
        `export function MintChilds() {`,
        `  const amount = ${uintLiteral(input.amount)};`,
        readHook('available', 'availableChildren', `[${father}]`),
        ...writeParts('mintChildBatch', `[${father}, amount]`),
        `  const tooMany = available.data !== undefined && amount > available.data;`,
        `  return (`,
        `    <div>`,
        `      <button disabled={isPending || tooMany} onClick={send}>`,
        `        Mint Childs`,
        `      </button>`,
        `      {tooMany && <p>Not enough child tokens left</p>}`,
        `      {hash && <p>{hash}</p>}`,
        `      {receipt.isSuccess && <p>Confirmed</p>}`,
        `      {error && <p>{error.message}</p>}`,
        `    </div>`,
        `  );`,
        `}`,
        '',
      ].join('\n');
    case 'father':
      return [
        wagmiHeader(tab, input, ['useReadContract']),
        `export function WhoIsFather() {`,
        readHook('father', 'whoIsFather', `[${child}]`),
        `  if (father.error) return <p>{father.error.message}</p>;`,
        `  return <p>Father {father.data?.toString()}</p>;`,
        `}`,
        '',
      ].join('\n');
    case 'redeem':
      return [
        wagmiHeader(tab, input, ['useWaitForTransactionReceipt', 'useWriteContract']),
        `export function Redeem() {`,
        ...writeParts('disallowTokenTransfers', `[${token}]`),
        `  const confirmAndSend = () => {`,
        `    if (window.confirm('After redeeming, the token cannot be transferred any more.')) send();`,
        `  };`,
        `  return (`,
        `    <div>`,
        `      <button disabled={isPending} onClick={confirmAndSend}>`,
        `        Redeem`,
        `      </button>`,
        `      {hash && <p>{hash}</p>}`,
        `      {receipt.isSuccess && <p>Redeemed</p>}`,
        `      {error && <p>{error.message}</p>}`,
        `    </div>`,
        `  );`,
        `}`,
        '',
      ].join('\n');
    case 'attach':
      return [
        wagmiHeader(tab, input, ['useReadContract', 'useSendTransaction', 'useWaitForTransactionReceipt']),
        `type Reply = { chipId: string; transaction: { to: \`0x\${string}\`; data: \`0x\${string}\` }; errorMessage?: string };`,
        '',
        `export function AttachChild() {`,
        `  const { sendTransaction, data: hash, error } = useSendTransaction();`,
        `  const receipt = useWaitForTransactionReceipt({ chainId, hash });`,
        `  const connected = useReadContract({`,
        `    chainId,`,
        `    address: collection,`,
        `    abi,`,
        `    functionName: 'connectedToTag',`,
        `    args: [${child}],`,
        `    query: { enabled: receipt.isSuccess },`,
        `  });`,
        `  const attach = async () => {`,
        `    // signed in to MetaTag in this browser (session cookie)`,
        `    const response = await fetch(${str(attachPathOf(input.chain))}, {`,
        `      method: 'POST',`,
        `      headers: { 'content-type': 'application/json' },`,
        `      body: JSON.stringify({ collection, childTokenUid: ${str(input.childUid.trim())}, nfcUid: ${str(input.nfcUid.trim())} }),`,
        `    });`,
        `    const reply = (await response.json()) as Reply;`,
        `    if (response.ok) sendTransaction({ chainId, to: reply.transaction.to, data: reply.transaction.data });`,
        `  };`,
        `  return (`,
        `    <div>`,
        `      <button onClick={() => void attach()}>Attach</button>`,
        `      {hash && <p>{hash}</p>}`,
        `      {connected.data && <p>Attached</p>}`,
        `      {error && <p>{error.message}</p>}`,
        `    </div>`,
        `  );`,
        `}`,
        '',
      ].join('\n');
  }
}

/** Both samples of a tab for its current inputs. */
export function generateSample(tab: LimitedTab, input: SampleInput): Sample {
  return { viem: viemSample(tab, input), wagmi: wagmiSample(tab, input) };
}
