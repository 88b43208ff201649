import { useState, type FormEvent } from 'react';
import { Button, TextInput } from '@metatag/ui';
import type { ChainName } from '../../lib/chains.js';
import { INVALID_ADDRESS } from '../../lib/texts.js';
import { isAddress, sanitizeAddressInput } from '../../lib/validation.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useManualMint } from './nftsApi.js';
import type { MintTarget } from './useMintTarget.js';

/**
 * Manual mint of a template to an address (spec sections 2, 5, 7): the address input is sanitised,
 * an invalid one gets the red border and 'Invalid address' (alerted when sent anyway). The relayer
 * sends the mint; the mints list shows it.
 */
export function ManualMintForm({
  chain,
  nftId,
  target,
}: {
  chain: ChainName;
  nftId: number;
  /** Where the template mints: its collection or the chain's default. */
  target: MintTarget;
}) {
  const mint = useManualMint(chain, nftId);
  const collection = target.state === 'ok' || target.state === 'not-minter' ? target.collection : '';
  const [to, setTo] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const invalid = !isAddress(to) && (to !== '' || tried);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setDone(null);
    if (!isAddress(to)) {
      window.alert(INVALID_ADDRESS);
      return;
    }
    try {
      const reply = await mint.mutateAsync({ to, collection });
      setDone(reply.item?.tokenId ? `Mint of token ${reply.item.tokenId} sent.` : 'Mint sent.');
      setTo('');
      setTried(false);
    } catch (error) {
      window.alert(errorDetail(error) ?? 'server error');
    }
  };

  if (!collection) {
    return (
      <p className="muted" data-testid="manual-mint-no-collection">
        {target.state === 'loading'
          ? 'Finding the template’s collection…'
          : target.state === 'no-default'
            ? `${chain} has no default collection: choose a collection for this template to mint it.`
            : 'The template’s collection is not one of the owner’s: choose another to mint it.'}
      </p>
    );
  }
  return (
    <form className="manual-mint" onSubmit={(event) => void submit(event)} aria-label={`Mint NFT ${nftId}`}>
      <TextInput
        aria-label={`Mint NFT ${nftId} to address`}
        placeholder="0x… address"
        value={to}
        invalid={invalid}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          setTo(sanitizeAddressInput(event.target.value));
          setDone(null);
          mint.reset();
        }}
      />
      <Button type="submit" disabled={mint.isPending} aria-busy={mint.isPending || undefined}>
        Mint
      </Button>
      {invalid && <span className="mt-error-text">{INVALID_ADDRESS}</span>}
      {mint.isError && (
        <span className="mt-error-text" role="alert">
          {mint.error.message}
        </span>
      )}
      {done && (
        <span className="notice" role="status">
          {done}
        </span>
      )}
    </form>
  );
}
