import { nonceQuery, passwordLoginBody, walletLoginBody } from '../users.js';
import { okReply, route } from './define.js';
import * as r from './replies.js';
import { LOGIN_LIMIT, loginInputError } from './table.shared.js';

/** Sign-in: nonce, wallet and password sign-in, the session. */
export const AUTH_ROUTES = {
  nonce: route({
    method: 'GET',
    path: '/auth/nonce',
    tag: 'Auth',
    summary: 'The EIP-4361 (SIWE) message a wallet signs to sign in',
    access: 'public',
    query: nonceQuery,
    replies: { 200: r.nonceReply },
  }),
  walletLogin: route({
    method: 'POST',
    path: '/auth/login',
    tag: 'Auth',
    summary: 'Sign in with a wallet: the signature of the nonce message; sets the session cookie',
    access: 'walletSignature',
    body: walletLoginBody,
    replies: {
      200: r.loginReplySchema,
      400: loginInputError,
      401: r.failedLoginReply,
      429: r.failedLoginReply,
    },
    rateLimit: LOGIN_LIMIT,
    errors: ['not ok', 'cannot login'],
    example: { address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', signature: '0x…' },
  }),
  passwordLogin: route({
    method: 'POST',
    path: '/password-login',
    tag: 'Auth',
    summary: 'Sign in with a name and password; sets the session cookie',
    access: 'public',
    body: passwordLoginBody,
    replies: {
      200: r.loginReplySchema,
      400: loginInputError,
      401: r.failedLoginReply,
      429: r.failedLoginReply,
    },
    rateLimit: LOGIN_LIMIT,
    errors: ['invalid password', 'cannot login'],
    example: { name: 'admin', password: 'secret' },
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    tag: 'Auth',
    summary: 'Sign out (harmless without a session)',
    access: 'public',
    replies: { 200: okReply },
  }),
  currentUser: route({
    method: 'GET',
    path: '/json/user',
    tag: 'Auth',
    summary: 'The signed-in user; balance = relayer credit (wei) on the first chain',
    access: 'admin',
    replies: { 200: r.currentUserReply },
  }),
} as const;
