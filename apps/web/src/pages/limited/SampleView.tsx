import { useEffect, useState } from 'react';
import { generateSample, type LimitedTab, type SampleInput } from './samples.js';

/** Spec section 9: how long 'Copied' shows. */
const COPY_CONFIRMATION_MS = 300;

/** The tab's code, viem or wagmi, from its current inputs, with a copy control. */
export function SampleView({ tab, input }: { tab: LimitedTab; input: SampleInput }) {
  const [flavour, setFlavour] = useState<'viem' | 'wagmi'>('viem');
  const [copied, setCopied] = useState(false);
  const code = generateSample(tab, input)[flavour];
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // no clipboard (insecure origin): the code stays selectable
    }
  };
  return (
    <section className="limited__sample" aria-label="Code sample">
      <div className="limited__sample-bar">
        <h3>Code</h3>
        <div className="limited__flavours" role="group" aria-label="Library">
          {(['viem', 'wagmi'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className="limited__flavour"
              aria-pressed={flavour === name}
              onClick={() => setFlavour(name)}
            >
              {name === 'viem' ? 'viem' : 'wagmi (React)'}
            </button>
          ))}
        </div>
        <button type="button" className="limited__copy" onClick={() => void copy()} data-testid="copy-sample">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="limited__code" data-testid="sample-code" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </section>
  );
}
