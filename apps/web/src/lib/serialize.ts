/**
 * JSON (de)serialisation for the persisted query cache. Wallet queries (wagmi/viem) return bigint
 * values, which JSON.stringify cannot encode; they are tagged and restored.
 */
const BIGINT_TAG = '__bigint';

interface TaggedBigint {
  [BIGINT_TAG]: string;
}

function isTaggedBigint(value: unknown): value is TaggedBigint {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as Record<string, unknown>)[BIGINT_TAG] === 'string'
  );
}

export function serialize(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? ({ [BIGINT_TAG]: item.toString() } satisfies TaggedBigint) : item,
  );
}

export function deserialize<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, item: unknown) =>
    isTaggedBigint(item) ? BigInt(item[BIGINT_TAG]) : item,
  ) as T;
}
