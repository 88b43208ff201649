import { useEffect, useState } from 'react';
import { shortAddress } from '../lib/format.js';
import { addressExplorerUrl, txExplorerUrl, useNetwork } from '../lib/networks.js';
import { useChain } from '../lib/useChain.js';
import type { ChainName } from '../lib/chains.js';
import './hexValue.css';

/** Two stacked sheets, drawn (the ⧉ glyph is missing from common system fonts). */
function CopyIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}

/**
 * An address or a transaction hash in the admin (issue #30): shortened (`0x1234…cdef`, the full value
 * in the title and in what is copied), a copy button and, on a chain with an explorer, a link to it.
 * One component for every address and hash the console shows; other values (a user name that is not
 * an address) are shown as they are, cut with an ellipsis when too long.
 */
export function HexValue({
  value,
  kind = 'address',
  chain,
  testId,
}: {
  value: string | null | undefined;
  kind?: 'address' | 'tx';
  chain?: ChainName;
  testId?: string;
}) {
  const pathChain = useChain();
  const network = useNetwork(chain ?? pathChain);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!value) return null;
  const isHex = /^0x[0-9a-fA-F]+$/.test(value);
  const href = !isHex
    ? undefined
    : kind === 'tx'
      ? txExplorerUrl(network.data, value)
      : addressExplorerUrl(network.data, value);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // no clipboard permission: the full value stays in the title
    }
  };
  const text = isHex ? shortAddress(value) : value;
  return (
    <span className="hex-value" data-testid={testId} data-value={value}>
      {href ? (
        <a className="hex-value__text mono" href={href} target="_blank" rel="noreferrer" title={value}>
          {text}
        </a>
      ) : (
        <span className="hex-value__text mono" title={value}>
          {text}
        </span>
      )}
      {isHex && (
        <button
          type="button"
          className="hex-value__copy"
          onClick={() => void copy()}
          aria-label={`Copy ${kind === 'tx' ? 'transaction hash' : 'address'} ${value}`}
          title="Copy"
        >
          {copied ? '✓' : <CopyIcon />}
        </button>
      )}
    </span>
  );
}
