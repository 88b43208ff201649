import { concat, encodeAbiParameters, keccak256, toBytes, type Hex } from 'viem';

/**
 * EIP-712 hashing as the EIP writes it (encodeType, typeHash, encodeData, hashStruct, domain
 * separator, digest = keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message))). Ours, so that the
 * account proofs' digests are checked against an independent implementation (viem's hashTypedData)
 * and against the EIP's own published example. Covers what the EIP defines except arrays: atomic
 * types, `string`, `bytes` and nested structs.
 */
export interface TypedField {
  name: string;
  type: string;
}
export type TypedTypes = Record<string, readonly TypedField[]>;
export type TypedValue = string | number | bigint | boolean | { [key: string]: TypedValue };

/** EIP-712 domain fields, in the order the EIP gives them; only those present are part of it. */
const DOMAIN_FIELDS: readonly TypedField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

export interface TypedDomain {
  name?: string;
  version?: string;
  chainId?: number | bigint;
  verifyingContract?: string;
  salt?: Hex;
}

/** The struct types `primary` refers to, itself first, then the others sorted by name (EIP-712). */
function dependencies(primary: string, types: TypedTypes, found = new Set<string>()): string[] {
  if (found.has(primary) || !types[primary]) return [];
  found.add(primary);
  for (const field of types[primary]) dependencies(field.type, types, found);
  return [...found];
}

export function encodeType(primary: string, types: TypedTypes): string {
  const [self, ...rest] = dependencies(primary, types);
  return [self, ...rest.sort()]
    .map((name) => `${name}(${types[name].map((f) => `${f.type} ${f.name}`).join(',')})`)
    .join('');
}

export function typeHash(primary: string, types: TypedTypes): Hex {
  return keccak256(toBytes(encodeType(primary, types)));
}

function encodeValue(type: string, value: TypedValue, types: TypedTypes): { type: string; value: unknown } {
  if (types[type])
    return { type: 'bytes32', value: hashStruct(type, value as Record<string, TypedValue>, types) };
  if (type === 'string') return { type: 'bytes32', value: keccak256(toBytes(String(value))) };
  if (type === 'bytes') return { type: 'bytes32', value: keccak256(value as Hex) };
  if (type.endsWith(']')) throw new Error(`EIP-712 arrays are not supported here (${type})`);
  if (/^u?int\d*$/.test(type)) return { type, value: BigInt(value as string | number | bigint) };
  return { type, value };
}

export function encodeData(primary: string, message: Record<string, TypedValue>, types: TypedTypes): Hex {
  const fields = types[primary].map((f) => encodeValue(f.type, message[f.name], types));
  return encodeAbiParameters(
    [{ type: 'bytes32' }, ...fields.map((f) => ({ type: f.type }))],
    [typeHash(primary, types), ...fields.map((f) => f.value)],
  );
}

export function hashStruct(primary: string, message: Record<string, TypedValue>, types: TypedTypes): Hex {
  return keccak256(encodeData(primary, message, types));
}

export function domainSeparator(domain: TypedDomain): Hex {
  const fields = DOMAIN_FIELDS.filter((f) => domain[f.name as keyof TypedDomain] !== undefined);
  return hashStruct('EIP712Domain', domain as Record<string, TypedValue>, { EIP712Domain: fields });
}

/** The digest a wallet signs for `eth_signTypedData_v4`. */
export function typedDataDigest(
  domain: TypedDomain,
  primaryType: string,
  types: TypedTypes,
  message: Record<string, TypedValue>,
): Hex {
  return keccak256(concat(['0x1901', domainSeparator(domain), hashStruct(primaryType, message, types)]));
}
