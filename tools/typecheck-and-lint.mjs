// npm test's `check:code` step: `npm run typecheck` and `npm run lint` in one process that builds each
// TypeScript program once. Run apart, both built the same three programs (tools/type-programs.mjs) and
// type-checked them: tsc for its diagnostics, typescript-eslint for the type-aware rules (113 and 125
// CPU-s on a 2-core CI machine). Here the programs are built and checked first, then ESLint lints with
// them (`parserOptions.programs`), and its rules read types the checker has already resolved. The output
// is the two commands' own: tsc's diagnostics, then ESLint's stylish report; errors in either fail.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ESLint } from 'eslint';
import { TYPE_AWARE_FILES, TYPE_PROGRAMS } from './type-programs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** A tsconfig's program, as `tsc -p` builds it. */
function program(project) {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(project, {}, host);
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
}

const formatHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/** `apps/*\/src` as the shell expands it for `npm run lint` (ESLint's own globs match files only). */
function expand(target) {
  const star = target.indexOf('/*/');
  if (star < 0) return [target];
  const parent = target.slice(0, star);
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}${target.slice(star + 2)}`)
    .filter((path) => existsSync(path));
}

let failed = false;
const programs = [];
for (const project of TYPE_PROGRAMS) {
  const started = Date.now();
  const built = program(project);
  const diagnostics = ts.getPreEmitDiagnostics(built);
  if (diagnostics.length > 0) {
    // tsc's own report: with colour and context on a terminal, plain in a CI log
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, formatHost));
    failed = true;
  }
  console.log(
    `${project}: ${diagnostics.length === 0 ? 'ok' : 'errors'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  programs.push(built);
}

// the lint command's own file list (package.json `lint`), so the two never drift apart
const lintScript = JSON.parse(readFileSync('package.json', 'utf8')).scripts.lint;
const targets = lintScript
  .replace(/^eslint\s+/, '')
  .split(/\s+/)
  .flatMap(expand);
const started = Date.now();
const eslint = new ESLint({
  cwd: root,
  // the type-aware files take their types from the programs built above instead of building them again
  overrideConfig: [
    {
      files: TYPE_AWARE_FILES,
      languageOptions: { parserOptions: { project: null, programs } },
    },
  ],
});
const results = await eslint.lintFiles(targets);
const report = (await eslint.loadFormatter('stylish')).format(results);
if (report) process.stdout.write(report);
const errors = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0);
if (errors > 0) failed = true;
console.log(
  `eslint: ${results.length} files, ${errors} errors in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed ? 1 : 0);
