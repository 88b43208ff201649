// The unit tier's entry (tools/test.mjs): imports every spec file named on the command line into this
// one process, one after the other, so node's test runner runs their tests here.
// Why not `node --test`: it starts a process per file, and each of them loaded its imports (through
// the TypeScript hooks, whose every resolve and load is a round trip to their thread) again. For the
// 152 unit files that was most of the tier's CPU (libs/chips: 6.7 CPU-s per file against 3.0 in one
// process). Unit specs are pure code: none has a top-level before/after hook or touches globals, so they
// do not need a process each (TEST_PROCESS_PER_FILE=1 gives them one again, to find a file that does).
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    // a file that cannot be loaded fails by name, and the others still run
    test(`${file} loads`, () => {
      throw error;
    });
  }
}
