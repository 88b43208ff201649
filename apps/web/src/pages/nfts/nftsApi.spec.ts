import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GLB_TYPE, mediaKind, mediaTypeOf, mediaUrl, nftsKey, shopWebhookUrl } from './nftsApi.js';

test('media URLs carry the refresh counter', () => {
  assert.equal(mediaUrl({ id: 7, imageRefresh: 3 }), '/nft-media/7?x=3');
});

test("uploads send the file's type, '3d/glb' for glb files", () => {
  assert.equal(mediaTypeOf({ name: 'a.png', type: 'image/png' }), 'image/png');
  assert.equal(mediaTypeOf({ name: 'Model.GLB', type: '' }), GLB_TYPE);
  assert.equal(mediaTypeOf({ name: 'm', type: 'model/gltf-binary' }), GLB_TYPE);
  assert.equal(mediaTypeOf({ name: 'x.bin', type: '' }), 'application/octet-stream');
});

test('media kinds decide the preview', () => {
  assert.equal(mediaKind({ image: '', mimeType: 'image/png' }), 'none');
  assert.equal(mediaKind({ image: '/nft-media/1', mimeType: 'image/png' }), 'image');
  assert.equal(mediaKind({ image: '/nft-media/1', mimeType: 'video/mp4' }), 'video');
  assert.equal(mediaKind({ image: '/nft-media/1', mimeType: '3d/glb' }), 'glb');
  assert.equal(mediaKind({ image: '/nft-media/1', mimeType: 'application/pdf' }), 'other');
});

test('template lists of a chain share a key prefix', () => {
  assert.deepEqual(nftsKey({ chain: 'ganache' }), ['nfts', 'ganache', 'me', 'all']);
  assert.deepEqual(nftsKey({ chain: 'goerli', userId: 4, collection: '0xab' }), [
    'nfts',
    'goerli',
    4,
    '0xab',
  ]);
});

test('the shop webhook hint', () => {
  assert.equal(
    shopWebhookUrl('https://metatag.example', 'tok'),
    'https://metatag.example/woocommerce-webhook?access_token=tok',
  );
});
