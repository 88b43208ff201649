// The entry of tools/test.mjs for the unit and integration tiers: every spec file named on the command
// line runs in this one process, each as a suite named by its path, one after the other.
// Why not `node --test`: it starts a process per file, and each of them loaded its imports again
// through the TypeScript hooks, whose every resolve and load is a round trip to their thread. Loading
// the stack that way cost ~4.5 CPU-s per integration file (2.3 from built JavaScript without hooks),
// about as much as most files' tests; the 152 unit files spent most of their tier's CPU on it.
// A file's top-level before/after hooks and tests belong to its suite (node's test runner finds the
// suite through the import's async context), so its hooks run around its own tests, as in a process of
// its own. Suites run one at a time; the files are imported at the start, so a file whose top level
// does more than declare (a top-level await that starts something) says `// own process: <why>` and
// tools/test.mjs gives it one.
import { describe } from 'node:test';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

// a cap per file, as --test-timeout was for a file in a process of its own
const timeout = Number(process.env.TEST_TIMEOUT_MS ?? Infinity);
for (const file of process.argv.slice(2))
  describe(relative(process.cwd(), file), { timeout }, () => import(pathToFileURL(file).href));
