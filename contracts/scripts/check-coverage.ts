// Fails `npm run coverage` unless solidity-coverage reports every line, statement, function and branch
// of the deployable contracts as covered (mocks and interfaces are skipped in .solcover.cjs).
import { readFile } from 'node:fs/promises';

interface Metric {
  total: number;
  covered: number;
  pct: number;
}
type Summary = Record<string, Record<'lines' | 'statements' | 'functions' | 'branches', Metric>>;

const summary = JSON.parse(await readFile('coverage/coverage-summary.json', 'utf8')) as Summary;
const missing: string[] = [];
for (const [file, metrics] of Object.entries(summary)) {
  for (const [metric, { total, covered }] of Object.entries(metrics)) {
    if (covered < total) missing.push(`${file}: ${metric} ${covered}/${total}`);
  }
}
if (missing.length > 0) {
  console.error(`coverage below 100%:\n${missing.join('\n')}`);
  process.exit(1);
}
console.log('coverage: 100% of lines, statements, functions and branches');
