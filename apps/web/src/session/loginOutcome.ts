import { isApiError, type ApiResult } from '../lib/api.js';
import type { LoginReply, SessionUser } from './types.js';

/** Texts of spec section 8 for logins (verbatim). */
export const LOGIN_NOT_OK = 'not ok';
export const INVALID_PASSWORD = 'invalid password';
export const CANNOT_LOGIN = 'cannot login';
/**
 * Spec section 8 only paraphrases this alert ("the product did not find a browser wallet in the
 * browser"); this is our wording.
 */
export const NO_BROWSER_WALLET = 'We did not find a browser wallet in your browser.';

export type LoginOutcome =
  | { ok: true; user: SessionUser }
  | {
      ok: false;
      /** The spec's text, shown on the page. */
      message: string;
      /** Whether the spec asks for an alert with that text. */
      alert: boolean;
      /** More about the failure (e.g. the server's errorMessage), shown under the message. */
      detail?: string;
    };

function isLoginReply(value: unknown): value is LoginReply {
  if (typeof value !== 'object' || value === null) return false;
  const { ok, user } = value as { ok?: unknown; user?: unknown };
  return ok === true && typeof user === 'object' && user !== null;
}

function hasOkFalse(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

function detailOf(value: unknown, message: string): string | undefined {
  if (!isApiError(value)) return undefined;
  const detail = value.errorMessage || value.error;
  return detail && detail !== message ? detail : undefined;
}

/**
 * A 429: the server's own text ('Too many login attempts, try again in N minutes'), never 'invalid
 * password', which would send the user guessing again.
 */
function tooManyAttempts(value: unknown): LoginOutcome | undefined {
  if (!isApiError(value) || (value.status !== 429 && value.error !== 'too_many_requests')) return undefined;
  return { ok: false, message: value.errorMessage || TOO_MANY_ATTEMPTS, alert: true };
}

/** When the server names no wait. */
export const TOO_MANY_ATTEMPTS = 'Too many login attempts, try again in a few minutes';

/** A failure before or besides the server's answer: always 'cannot login'. */
export function cannotLogin(detail?: string): LoginOutcome {
  return { ok: false, message: CANNOT_LOGIN, alert: false, detail: detail || undefined };
}

/**
 * POST /password-login: `{ ok: true, user }` logs in; `ok: false` is 'invalid password' (an alert);
 * a 429 shows the server's 'Too many login attempts, try again in N minutes'; anything else (network,
 * server error) is 'cannot login'.
 */
export function passwordLoginOutcome(result: ApiResult<unknown>): LoginOutcome {
  if (isLoginReply(result)) return { ok: true, user: result.user };
  const limited = tooManyAttempts(result);
  if (limited) return limited;
  if (hasOkFalse(result)) return { ok: false, message: INVALID_PASSWORD, alert: true };
  return cannotLogin(detailOf(result, CANNOT_LOGIN));
}

/** POST /auth/login (wallet): `ok: false` is 'not ok' (an alert); other failures 'cannot login'. */
export function walletLoginOutcome(result: ApiResult<unknown>): LoginOutcome {
  if (isLoginReply(result)) return { ok: true, user: result.user };
  const limited = tooManyAttempts(result);
  if (limited) return limited;
  if (hasOkFalse(result)) return { ok: false, message: LOGIN_NOT_OK, alert: true };
  return cannotLogin(detailOf(result, CANNOT_LOGIN));
}

/** A readable text of an error thrown by a wallet or by viem (which sets `shortMessage`). */
export function errorDetail(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null) {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
    if (typeof shortMessage === 'string' && shortMessage) return shortMessage;
    if (typeof message === 'string' && message) return message.split('\n')[0];
  }
  return typeof error === 'string' && error ? error : undefined;
}
