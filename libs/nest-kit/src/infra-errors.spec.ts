import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errSerializer, infraErrorToAppError, loggableError } from './infra-errors.js';
import { AppError } from './app-error.js';

/** What node-postgres throws (DatabaseError), and drizzle's wrapper around it. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR', detail: 'Key (name)=(s3cret) exists' });
}
function drizzleError(cause: unknown): Error {
  const query = 'select "password_hash" from "users" where "name" = $1';
  const params = ['s3cret-param'];
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`), {
    name: 'DrizzleQueryError',
    query,
    params,
    cause,
  });
}

test('input PostgreSQL cannot store is a 400; an unreachable database a 503; bugs stay unmapped', () => {
  const nul = drizzleError(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'));
  assert.deepEqual(
    [infraErrorToAppError(nul)?.status, infraErrorToAppError(nul)?.code],
    [400, 'invalid_input'],
  );
  assert.equal(infraErrorToAppError(pgError('22003', 'integer out of range'))?.status, 400);
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  assert.equal(infraErrorToAppError(drizzleError(refused))?.status, 503);
  assert.equal(infraErrorToAppError(new AggregateError([refused]))?.status, 503);
  assert.equal(infraErrorToAppError(new Error('Connection terminated unexpectedly'))?.status, 503);
  assert.equal(infraErrorToAppError(pgError('57P01', 'terminating connection'))?.status, 503);
  assert.equal(infraErrorToAppError(pgError('42P01', 'relation does not exist')), undefined);
  assert.equal(infraErrorToAppError(new TypeError('x is undefined')), undefined);
  assert.ok(!infraErrorToAppError(refused)!.message.includes('127.0.0.1'));
  assert.ok(infraErrorToAppError(nul) instanceof AppError);
});

test('logged errors carry no SQL text, parameters or quoted values', () => {
  const logged = JSON.stringify(errSerializer(drizzleError(pgError('23505', 'duplicate key'))));
  assert.doesNotMatch(logged, /select|password_hash|s3cret/);
  assert.match(logged, /23505/);
  assert.match(logged, /duplicate key/);
  const plain = new Error('plain');
  assert.equal(loggableError(plain), plain);
});
