import {
  SCAN_TOKEN_HEADER,
  type EmailClaimPeekReply,
  type EmailClaimRedeemReply,
  type EmailClaimReply,
} from '@metatag/api-types';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';

/**
 * Claim by email (issue #29 item 3): after a verified tap (the scan token in its header, never in a
 * URL) or on a link's page, the visitor gives an email address; the mail's one-time link opens
 * `/email-claim#{token}`.
 */
export async function askEmailClaim(request: {
  id: string;
  email: string;
  authtoken?: string | null;
}): Promise<EmailClaimReply> {
  const result = await typedApi.call(
    'emailClaimStart',
    { params: { id: request.id }, body: { email: request.email } },
    { headers: request.authtoken ? { [SCAN_TOKEN_HEADER]: request.authtoken } : undefined },
  );
  if (isApiError(result)) return { ok: false, errorMessage: result.errorMessage ?? result.error };
  return result;
}

/** What the link claims (spends nothing). */
export async function peekEmailClaim(token: string): Promise<EmailClaimPeekReply> {
  const result = await typedApi.call('emailClaimLink', { body: { token } });
  if (isApiError(result)) return { ok: false, errorMessage: result.errorMessage ?? result.error };
  return result as EmailClaimPeekReply;
}

/** Spends the link into `to`. */
export async function redeemEmailClaim(token: string, to: string): Promise<EmailClaimRedeemReply> {
  const result = await typedApi.call('emailClaimLink', { body: { token, to: to.toLowerCase() } });
  if (isApiError(result)) return { ok: false, errorMessage: result.errorMessage ?? result.error };
  return result as EmailClaimRedeemReply;
}
