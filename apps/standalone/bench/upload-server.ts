// The whole API in this process (local-disk media under a temp dir), for bench/upload.bench.ts to measure
// from outside. Prints one JSON line with the URL, stops on SIGTERM.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestStack } from '../src/testing/stack.fixture.js';

const mediaDir = mkdtempSync(join(tmpdir(), 'metatag-bench-media-'));
const stack = await startTestStack({
  env: { MEDIA_DIR: mediaDir, ...JSON.parse(process.env.BENCH_ENV ?? '{}') },
});
console.log(JSON.stringify({ url: stack.url }));
process.once('SIGTERM', () => {
  void stack.stop().finally(() => {
    rmSync(mediaDir, { recursive: true, force: true });
    process.exit(0);
  });
});
