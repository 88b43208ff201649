import { useParams } from 'react-router';
import { formatDate } from '../../lib/format.js';
import { canonicalOrigin } from '../../lib/publicOrigins.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { shopWebhookUrl, useShopDeliveries, useShopToken, type ShopDelivery } from './nftsApi.js';

/** `/user/{user}/...`: whose items the page shows, when it is another user's. */
function pageUserId(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/** What each delivery log outcome means to the owner. */
const OUTCOMES: Record<string, string> = {
  ping: 'ping received (webhook saved)',
  bad_signature: 'refused: bad signature',
  bad_payload: 'ignored: not an order',
  not_paid: 'received, not paid yet',
  no_match: 'received, no matching NFT',
  links_created: 'links created',
  already_processed: 'already processed (no new links)',
  email_sent: 'links created, email sent',
  email_failed: 'links created, email failed',
  no_email: 'links created, no buyer email',
};

/**
 * The shop webhook hint (spec sections 2 and 7): `/woocommerce-webhook?access_token=` with the token
 * from `GET /woo_commmerce_access_token`, shown as text, with the webhook secret, the setup steps in
 * WooCommerce and the delivery log. On one's own items it is one's own token; on another user's items
 * (`/user/{user}/...`) the super admin sees that user's, anyone else nothing.
 */
export function ShopWebhookHint({ ownItems }: { ownItems: boolean }) {
  const { data: me } = useCurrentUser();
  const params = useParams();
  const otherUser = ownItems ? undefined : pageUserId(params.user);
  const shown = ownItems || (me?.isSuperAdmin === true && otherUser !== undefined);
  const token = useShopToken(shown, otherUser);
  if (!shown) {
    return <p className="muted">The shop webhook address is shown to the owner of these items.</p>;
  }
  if (token.isError) {
    return (
      <p className="mt-error-text" role="alert">
        {token.error.message}
      </p>
    );
  }
  const address = token.data ? shopWebhookUrl(canonicalOrigin(), token.data.value) : '…';
  return (
    <div className="shop-webhook">
      <p>
        <span className="muted">
          {otherUser === undefined ? 'Shop webhook: ' : `Shop webhook of user ${otherUser}: `}
        </span>
        <code data-testid="shop-webhook">{address}</code>
      </p>
      <p>
        <span className="muted">Secret: </span>
        <code data-testid="shop-webhook-secret">{token.data?.secret ?? '…'}</code>
      </p>
      <details>
        <summary>Set up in WooCommerce</summary>
        <ol className="shop-webhook__steps">
          <li>
            In this table, set the NFT&apos;s <b>shop item id</b> to the WooCommerce product ID (Products,
            hover the product: &quot;ID: 93&quot;).
          </li>
          <li>In WordPress: WooCommerce → Settings → Advanced → Webhooks → Add webhook.</li>
          <li>
            Name: MetaTag · Status: Active · Topic: <b>Order updated</b> · API version: WP REST API
            Integration v3.
          </li>
          <li>Delivery URL: the shop webhook address above. Secret: the secret above.</li>
          <li>Save webhook: WooCommerce pings the address; the log below shows &quot;ping received&quot;.</li>
          <li>
            When an order is <b>processing</b> or <b>completed</b>, each unit of a matching product gets a
            claim link, emailed to the order&apos;s billing email. A redelivered order never makes new links.
          </li>
        </ol>
      </details>
      <DeliveryLog userId={otherUser} />
    </div>
  );
}

function DeliveryLog({ userId }: { userId?: number }) {
  const log = useShopDeliveries(true, userId);
  const items: ShopDelivery[] = log.data ?? [];
  return (
    <details className="shop-webhook__log" data-testid="shop-deliveries">
      <summary>Delivery log ({items.length})</summary>
      {items.length === 0 ? (
        <p className="muted">No deliveries yet</p>
      ) : (
        <ul>
          {items.map((d) => (
            <li key={d.id} data-testid="shop-delivery">
              <span className="muted">{formatDate(d.at)}</span> {d.orderId ? `Order #${d.orderId}: ` : ''}
              <b>{OUTCOMES[d.outcome] ?? d.outcome}</b>
              {d.linksCreated > 0 ? ` · ${d.linksCreated} link(s)` : ''}
              {d.detail ? <span className="muted"> · {d.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
