import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { AUTH, type AuthUser, type RequestDefinition } from '@metatag/events';
import { AccessGuard } from './access.guard.js';
import { AcceptAuthToken, Allow, Public } from './access.decorators.js';

class Routes {
  @Public() open() {}
  @Allow('admin') admin() {}
  @Allow('superAdmin') superAdmin() {}
  @Allow('admin') @AcceptAuthToken({ type: 'link' }) mintFlow() {}
  forgotten() {}
}

const user = (isSuperAdmin: boolean): AuthUser => ({
  id: 1,
  address: 'a',
  created: '',
  balance: '0',
  isSuperAdmin,
  userAddress: null,
});

/** A fake auth service: the session token or shop token names the user it resolves to. */
const services = {
  send: async (definition: RequestDefinition, data: { token: string }) => {
    const token = definition === AUTH.findByShopToken ? data.token.replace(/^shop-/, '') : data.token;
    return { user: token === 'super' ? user(true) : token === 'plain' ? user(false) : null };
  },
} as unknown as ServiceClient;

const run = (
  handler: keyof Routes,
  cookie?: string,
  extra: { query?: Record<string, unknown>; params?: Record<string, string> } = {},
) => {
  const req: {
    headers: Record<string, string>;
    query?: Record<string, unknown>;
    params?: Record<string, string>;
    user?: AuthUser;
  } = {
    headers: cookie ? { cookie: `mt_session=${cookie}` } : {},
    ...extra,
  };
  const context = {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return new AccessGuard(new Reflector(), services).canActivate(context).then((ok) => ({ ok, req }));
};

const rejectsWith = (status: number) => (e: unknown) => e instanceof AppError && e.status === status;

test('public routes pass without a session', async () => {
  assert.equal((await run('open')).ok, true);
});

test('a route without an access rule is refused (fail closed)', async () => {
  await assert.rejects(run('forgotten', 'super'), rejectsWith(403));
});

test('signed-in routes need a live session and get the user', async () => {
  await assert.rejects(run('admin'), rejectsWith(401));
  await assert.rejects(run('admin', 'revoked'), rejectsWith(401));
  const { req } = await run('admin', 'plain');
  assert.equal(req.user?.isSuperAdmin, false);
});

test('super-admin routes refuse other users with 403', async () => {
  await assert.rejects(run('superAdmin', 'plain'), rejectsWith(403));
  assert.equal((await run('superAdmin', 'super')).ok, true);
});

test('a mint-flow route takes ?authtoken (the shop token) instead of the session, never as super admin', async () => {
  const link = { params: { type: 'link' } };
  const asPlain = await run('mintFlow', undefined, { ...link, query: { authtoken: 'shop-plain' } });
  assert.equal(asPlain.req.user?.id, 1);
  const asSuper = await run('mintFlow', undefined, { ...link, query: { authtoken: 'shop-super' } });
  assert.equal(asSuper.req.user?.isSuperAdmin, false);
  await assert.rejects(
    run('mintFlow', 'super', { ...link, query: { authtoken: 'shop-wrong' } }),
    rejectsWith(401),
  );
  // other parameters, other routes, a repeated or empty token: the session decides
  await assert.rejects(
    run('mintFlow', undefined, { params: { type: 'chip' }, query: { authtoken: 'shop-plain' } }),
    rejectsWith(401),
  );
  await assert.rejects(run('admin', undefined, { query: { authtoken: 'shop-plain' } }), rejectsWith(401));
  await assert.rejects(
    run('mintFlow', undefined, { ...link, query: { authtoken: ['shop-plain', 'shop-plain'] } }),
    rejectsWith(401),
  );
  assert.equal((await run('mintFlow', 'plain', { ...link, query: { authtoken: '' } })).ok, true);
});
