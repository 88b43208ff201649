import './terms.css';

/**
 * `/terms`: the terms of service the sign-in message refers to (spec section 2: "The sign-in message
 * refers to a terms-of-service page"). A plain page outside the admin layout: it loads no wallet code.
 */
export function TermsPage() {
  return (
    <main className="terms" aria-labelledby="terms-title">
      <h1 id="terms-title" className="page-title">
        Terms of service
      </h1>
      <p className="terms__lead">
        These terms apply when you sign in to MetaTag, with a password or by signing a message with your
        wallet. Signing in means you accept them.
      </p>

      <h2>What MetaTag does</h2>
      <p>
        MetaTag links physical objects to NFTs. An NFC chip or a QR link on an object opens a public page that
        shows the object's NFT, checks that a chip is genuine, and lets a visitor mint, buy or claim the
        token. Signed-in administrators create collections and NFT templates, and manage the chips, links and
        mints that belong to them.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>
          A wallet account is identified by its address. Signing the sign-in message proves that you hold the
          key of that address; it sends no transaction and costs nothing. Check that the message names this
          site before you sign it.
        </li>
        <li>
          Keep your password and your wallet's key to yourself. Whoever holds them can act as you. MetaTag
          never asks for a private key or a recovery phrase.
        </li>
        <li>
          The built-in wallet keeps its key in this browser only. Export it before you clear the browser's
          data or create a new wallet: MetaTag cannot restore it.
        </li>
      </ul>

      <h2>Transactions</h2>
      <ul>
        <li>
          Transactions you send from your wallet are final once the chain includes them. Check the chain, the
          address and the amount before you confirm. Gas fees go to the network, not to MetaTag.
        </li>
        <li>
          Mints that MetaTag's relayer sends for you are paid from your balance. When the balance is used up,
          such mints are refused until it is topped up.
        </li>
        <li>A locked token cannot be claimed by anyone else; only its owner can unlock it.</li>
      </ul>

      <h2>Fair use</h2>
      <p>
        Do not use MetaTag to publish content you have no right to, to mislead visitors about an object, or to
        interfere with the service: automated sign-in attempts, scans or requests beyond normal use are slowed
        down or refused.
      </p>

      <h2>Your data</h2>
      <p>
        MetaTag stores your account name or wallet address, the collections, templates, chips and links you
        create, and for each scan its time and an approximate place derived from the visitor's network
        address. Wallet addresses and transactions are public on the chain by nature.
      </p>

      <h2>No warranty</h2>
      <p>
        MetaTag is provided as it is. Chains, wallets and networks are run by others and may be slow or
        unavailable; we are not liable for losses caused by them or by a lost key.
      </p>

      <h2>Changes</h2>
      <p>
        These terms may change. The version shown here is the one in force; signing in after a change means
        you accept it.
      </p>
    </main>
  );
}
