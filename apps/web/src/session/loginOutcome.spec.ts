import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CANNOT_LOGIN,
  INVALID_PASSWORD,
  LOGIN_NOT_OK,
  errorDetail,
  passwordLoginOutcome,
  walletLoginOutcome,
} from './loginOutcome.js';

const user = { id: 1, address: 'admin', isSuperAdmin: true };

test('a successful login carries the user', () => {
  assert.deepEqual(passwordLoginOutcome({ ok: true, user }), { ok: true, user });
  assert.deepEqual(walletLoginOutcome({ ok: true, user }), { ok: true, user });
});

test("password ok:false alerts 'invalid password' (spec section 8)", () => {
  const outcome = passwordLoginOutcome({
    ok: false,
    error: 'invalid_password',
    errorMessage: 'invalid password',
    status: 401,
  });
  assert.deepEqual(outcome, { ok: false, message: INVALID_PASSWORD, alert: true });
});

test("wallet ok:false alerts 'not ok' (spec section 8)", () => {
  const outcome = walletLoginOutcome({
    ok: false,
    error: 'bad_signature',
    errorMessage: 'not ok',
    status: 401,
  });
  assert.deepEqual(outcome, { ok: false, message: LOGIN_NOT_OK, alert: true });
});

test("a 429 shows the server's wait, never 'invalid password'", () => {
  const limited = {
    ok: false,
    error: 'too_many_requests',
    errorMessage: 'Too many login attempts, try again in 4 minutes',
    status: 429,
  };
  for (const outcome of [passwordLoginOutcome(limited), walletLoginOutcome(limited)]) {
    assert.deepEqual(outcome, {
      ok: false,
      message: 'Too many login attempts, try again in 4 minutes',
      alert: true,
    });
  }
});

test("other failures are 'cannot login', with the server's text as detail", () => {
  assert.deepEqual(passwordLoginOutcome({ error: 'server error' }), {
    ok: false,
    message: CANNOT_LOGIN,
    alert: false,
    detail: 'server error',
  });
  // A 200 answer without a user is not a login.
  assert.equal(walletLoginOutcome({ ok: true }).ok, false);
});

test('errorDetail prefers the short message of viem errors', () => {
  assert.equal(
    errorDetail({ shortMessage: 'User rejected the request.', message: 'long\ntext' }),
    'User rejected the request.',
  );
  assert.equal(errorDetail(new Error('first line\nsecond')), 'first line');
  assert.equal(errorDetail(null), undefined);
});
