import {
  decodeFunctionData,
  encodeFunctionData,
  toFunctionSignature,
  type Abi,
  type AbiFunction,
  type AbiParameter,
} from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

/**
 * The functions a pending transaction may call on our collection: the state-changing ones (a view
 * call through the relayer would change nothing). Sorted by name for the picker.
 */
export const COLLECTION_FUNCTIONS: readonly AbiFunction[] = (collectionAbi as Abi)
  .filter(
    (e): e is AbiFunction =>
      e.type === 'function' && (e.stateMutability === 'nonpayable' || e.stateMutability === 'payable'),
  )
  .sort((a, b) => toFunctionSignature(a).localeCompare(toFunctionSignature(b)));

export const signatureOf = (fn: AbiFunction): string => toFunctionSignature(fn);

/** One argument typed as text, turned into the ABI value (uint → bigint, bool, address, bytes, arrays as JSON). */
export function parseArgument(param: AbiParameter, text: string): unknown {
  const value = text.trim();
  const type = param.type;
  if (type.endsWith(']')) {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) throw new Error(`${param.name || type}: an array is expected`);
    const inner = { ...param, type: type.slice(0, type.lastIndexOf('[')) } as AbiParameter;
    return parsed.map((item) => parseArgument(inner, typeof item === 'string' ? item : JSON.stringify(item)));
  }
  if (/^u?int\d*$/.test(type)) {
    if (!/^-?\d+$/.test(value)) throw new Error(`${param.name || type}: a whole number is expected`);
    return BigInt(value);
  }
  if (type === 'bool') {
    if (value !== 'true' && value !== 'false') throw new Error(`${param.name || type}: true or false`);
    return value === 'true';
  }
  if (type === 'address') {
    if (!ANY_CASE_ADDRESS_PATTERN.test(value))
      throw new Error(`${param.name || type}: an address is expected`);
    return value.toLowerCase();
  }
  if (type.startsWith('bytes')) {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) throw new Error(`${param.name || type}: 0x and hex bytes`);
    return value.toLowerCase();
  }
  if (type === 'tuple') return JSON.parse(value);
  return value;
}

/** The call data of `fn(args)`, or the first problem with an argument. */
export function encodeCall(
  fn: AbiFunction,
  texts: string[],
): { ok: true; data: string } | { ok: false; error: string } {
  try {
    const args = fn.inputs.map((param, i) => parseArgument(param, texts[i] ?? ''));
    return { ok: true, data: encodeFunctionData({ abi: [fn], functionName: fn.name, args }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

const show = (value: unknown): string =>
  typeof value === 'bigint'
    ? value.toString()
    : Array.isArray(value)
      ? `[${value.map(show).join(', ')}]`
      : typeof value === 'object' && value !== null
        ? JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
        : String(value);

/** Pasted call data read back with the collection ABI: `setConnectToTag(tokenId: 5, status: true)`. */
export function describeCall(data: string): { ok: true; text: string } | { ok: false; error: string } {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(data)) return { ok: false, error: 'Not call data' };
  try {
    const { functionName, args } = decodeFunctionData({
      abi: COLLECTION_FUNCTIONS,
      data: data as `0x${string}`,
    });
    const fn = COLLECTION_FUNCTIONS.find(
      (f) => f.name === functionName && f.inputs.length === (args?.length ?? 0),
    );
    const parts = (args ?? []).map((arg, i) => `${fn?.inputs[i]?.name || `arg${i}`}: ${show(arg)}`);
    return { ok: true, text: `${functionName}(${parts.join(', ')})` };
  } catch {
    return { ok: false, error: 'Not a call of the collection contract (unknown function or bad arguments)' };
  }
}
