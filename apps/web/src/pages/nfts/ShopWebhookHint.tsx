import { shopWebhookUrl, useShopToken } from './nftsApi.js';

/**
 * The shop webhook hint (spec sections 2 and 7): `/woocommerce-webhook?access_token=` with the
 * signed-in user's token from `GET /woo_commmerce_access_token`, shown as text only. The token is
 * the signed-in user's: on another user's items (super admin) it is not shown.
 */
export function ShopWebhookHint({ ownItems }: { ownItems: boolean }) {
  const token = useShopToken(ownItems);
  if (!ownItems) {
    return <p className="muted">The shop webhook address is shown to the owner of these items.</p>;
  }
  if (token.isError) {
    return (
      <p className="mt-error-text" role="alert">
        {token.error.message}
      </p>
    );
  }
  return (
    <p className="shop-webhook">
      <span className="muted">Shop webhook: </span>
      <code data-testid="shop-webhook">
        {token.data ? shopWebhookUrl(window.location.origin, token.data) : '…'}
      </code>
    </p>
  );
}
