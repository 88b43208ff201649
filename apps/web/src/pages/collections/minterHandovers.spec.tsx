import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { setMinterHandover, useMinterHandover } from './minterHandovers.js';

const ADDRESS = '0xAbC0000000000000000000000000000000000001';

function Shown({ chain, address }: { chain: 'ganache' | 'polygon'; address: string }) {
  return <>{useMinterHandover(chain, address) ? 'handing over' : 'idle'}</>;
}

test('a handover is seen for its chain and address (any case) until it ends', () => {
  assert.equal(renderToString(<Shown chain="ganache" address={ADDRESS} />), 'idle');
  setMinterHandover('ganache', ADDRESS, true);
  assert.equal(renderToString(<Shown chain="ganache" address={ADDRESS.toLowerCase()} />), 'handing over');
  assert.equal(renderToString(<Shown chain="polygon" address={ADDRESS} />), 'idle');
  setMinterHandover('ganache', ADDRESS.toLowerCase(), false);
  assert.equal(renderToString(<Shown chain="ganache" address={ADDRESS} />), 'idle');
});
