import { useParams } from 'react-router';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { shopWebhookUrl, useShopToken } from './nftsApi.js';

/** `/user/{user}/...`: whose items the page shows, when it is another user's. */
function pageUserId(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/**
 * The shop webhook hint (spec sections 2 and 7): `/woocommerce-webhook?access_token=` with the token
 * from `GET /woo_commmerce_access_token`, shown as text only. On one's own items it is one's own
 * token; on another user's items (`/user/{user}/...`) the super admin sees that user's token
 * (`?user=`), anyone else nothing.
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
  return (
    <p className="shop-webhook">
      <span className="muted">
        {otherUser === undefined ? 'Shop webhook: ' : `Shop webhook of user ${otherUser}: `}
      </span>
      <code data-testid="shop-webhook">
        {token.data ? shopWebhookUrl(window.location.origin, token.data) : '…'}
      </code>
    </p>
  );
}
