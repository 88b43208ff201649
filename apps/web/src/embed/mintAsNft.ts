/**
 * The embeddable "Mint as NFT" button (issue #19), built on its own into dist/embed/mint-as-nft.js
 * (vite.embed.config.ts) and served by the gateway at `{PUBLIC_URL}/embed/mint-as-nft.js`. A shop adds
 *
 *   <script src="{PUBLIC_URL}/embed/mint-as-nft.js" data-ticket="mt1.…" async></script>
 *
 * where the ticket comes from its own server (`POST /json/mint-flow/ticket?authtoken=…`): a
 * 15-minute, single-link credential. The shop's access token never reaches the page. The button
 * opens our `/{chain}/mint-flow?ticket=…` page in a popup (our origin, the buyer's wallet there); the
 * popup posts the result back to the shop origin the ticket was issued for, and the button fires a
 * `metatag:minted` event (bubbling, `detail` = {nftId, tokenId, collection, hash, checkLink}).
 * No dependencies, no inline styles in markup (styles are set through the CSSOM, which a shop's CSP
 * allows), nothing read from the page but the script tag's own attributes.
 */
const MESSAGE = 'metatag:mint-as-nft';

interface MintedDetail {
  nftId: number;
  tokenId: string;
  collection: string;
  hash: string;
  checkLink: string;
}

function chainOf(ticket: string): string | null {
  const payload = ticket.split('.')[1];
  if (!ticket.startsWith('mt1.') || !payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { c?: unknown };
    return typeof json.c === 'string' && /^[a-z0-9-]{1,32}$/.test(json.c) ? json.c : null;
  } catch {
    return null;
  }
}

function style(button: HTMLButtonElement): void {
  const s = button.style;
  s.font = '600 16px/1.2 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  s.padding = '12px 20px';
  s.minHeight = '44px';
  s.border = '0';
  s.borderRadius = '8px';
  s.background = '#1f2328';
  s.color = '#ffffff';
  s.cursor = 'pointer';
  s.maxWidth = '100%';
}

function mount(script: HTMLScriptElement): void {
  const base = new URL(script.src).origin;
  const ticket = script.dataset.ticket ?? '';
  const chain = chainOf(ticket);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = script.dataset.label || 'Mint as NFT';
  button.className = 'metatag-mint-as-nft';
  button.setAttribute('data-metatag', 'mint-as-nft');
  style(button);
  const target = script.dataset.target ? document.querySelector(script.dataset.target) : null;
  if (target) target.appendChild(button);
  else script.after(button);
  if (!chain) {
    button.disabled = true;
    button.style.opacity = '0.5';
    button.style.cursor = 'not-allowed';
    button.title = 'This button has no valid ticket';
    return;
  }

  let popup: Window | null = null;
  const fire = (name: string, detail?: MintedDetail) =>
    button.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));

  button.addEventListener('click', () => {
    const url = `${base}/${chain}/mint-flow?ticket=${encodeURIComponent(ticket)}`;
    popup = window.open(url, 'metatag-mint-as-nft', 'popup,width=480,height=780');
    // a blocked popup: the same page in a new tab still mints (the result then stays there)
    if (!popup) window.open(url, '_blank');
  });

  window.addEventListener('message', (event: MessageEvent) => {
    // only our origin, only the window this button opened
    if (event.origin !== base || !popup || event.source !== popup) return;
    const data = event.data as ({ type?: string; ok?: boolean } & MintedDetail) | null;
    if (!data || data.type !== MESSAGE || data.ok !== true) return;
    button.disabled = true;
    button.style.cursor = 'default';
    button.style.background = '#1a7f37';
    button.textContent = script.dataset.doneLabel || 'Minted';
    fire('metatag:minted', {
      nftId: data.nftId,
      tokenId: data.tokenId,
      collection: data.collection,
      hash: data.hash,
      checkLink: data.checkLink,
    });
  });
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) mount(current);
