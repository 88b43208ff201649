/** `POST /is_i_owner`'s answer (spec section 3, ownership check). */
export interface OwnershipReply {
  error?: unknown;
  errorMessage?: string;
  url?: string;
}

export type UtilityOutcome =
  { kind: 'redirect'; url: string } | { kind: 'message'; text: string } | { kind: 'alert'; text: string };

/**
 * Spec sections 5 and 8: a url sends the visitor there (the utility URL for an owner, the
 * template's utility_url_error for anyone else); an error shows the server's errorMessage, or
 * 'error'; neither alerts 'unspecified error'.
 */
export function utilityOutcome(reply: OwnershipReply): UtilityOutcome {
  if (typeof reply.url === 'string' && /^https?:\/\//i.test(reply.url))
    return { kind: 'redirect', url: reply.url };
  if (reply.error) return { kind: 'message', text: reply.errorMessage || 'error' };
  return { kind: 'alert', text: 'unspecified error' };
}
