/** The signed-in user as GET /json/user returns it (spec section 3). `address` is the name shown. */
export interface CurrentUser {
  id: number;
  address: string;
  created: string;
  balance: string | number;
  isSuperAdmin: boolean;
  userAddress: string | null;
}

/** The user part of a login answer: `{ ok: true, user }`. */
export interface SessionUser {
  id: number;
  address: string;
  isSuperAdmin: boolean;
}

export interface LoginReply {
  ok: true;
  user: SessionUser;
}

/** GET /auth/nonce: the sign-in message the wallet signs (EIP-4361), single use. */
export interface NonceReply {
  nonce: string;
  message: string;
}
