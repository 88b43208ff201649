import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { AppError } from '@metatag/nest-kit';
import { AccessGuard } from './access.guard.js';
import { Allow, Public } from './access.decorators.js';

class Routes {
  @Public() open() {}
  @Allow('admin') admin() {}
  forgotten() {}
}

const contextFor = (handler: keyof Routes) =>
  ({ getHandler: () => Routes.prototype[handler], getClass: () => Routes }) as unknown as ExecutionContext;

test('public routes pass', () => {
  assert.equal(new AccessGuard(new Reflector()).canActivate(contextFor('open')), true);
});

test('a route without an access rule is refused (fail closed)', () => {
  assert.throws(
    () => new AccessGuard(new Reflector()).canActivate(contextFor('forgotten')),
    (e: unknown) => e instanceof AppError && e.status === 403,
  );
});

test('a role-protected route without a session is 401', () => {
  assert.throws(
    () => new AccessGuard(new Reflector()).canActivate(contextFor('admin')),
    (e: unknown) => e instanceof AppError && e.status === 401 && e.message === 'You must login for this page',
  );
});
