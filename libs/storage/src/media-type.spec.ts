import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectMediaType } from './media-type.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

test('images, videos and glb are recognised by their magic bytes', () => {
  const cases: [Buffer, string][] = [
    [bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    [bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'image/jpeg'],
    [bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    [bytes('GIF87a'), 'image/gif'],
    [bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    [bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]), 'video/mp4'],
    [bytes([0, 0, 0, 0x18], 'ftypmp42'), 'video/mp4'],
    [bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    [bytes([0, 0, 0, 0x08], 'wide', [0, 0, 0, 0]), 'video/quicktime'],
    [bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1], 'B\x82\x84webm'), 'video/webm'],
    [bytes('glTF', [2, 0, 0, 0]), '3d/glb'],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    [
      Buffer.from(
        '\uFEFF<?xml version="1.0"?>\n<!-- by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      ),
      'image/svg+xml',
    ],
  ];
  for (const [head, type] of cases) assert.equal(detectMediaType(head), type, type);
});

test('what the client claims does not matter; anything else is not offered', () => {
  for (const head of [
    bytes('just text'),
    bytes('<html><svg></svg></html>'),
    bytes([0, 0, 0, 0x18], 'ftypheic'),
    bytes([0, 0, 0, 0x18], 'ftypavif'),
    bytes([0x1a, 0x45, 0xdf, 0xa3], 'matroska'),
    bytes('%PDF-1.7'),
    bytes('PK', [3, 4]),
    Buffer.alloc(0),
  ]) {
    assert.equal(detectMediaType(head), undefined, head.toString('latin1'));
  }
});
