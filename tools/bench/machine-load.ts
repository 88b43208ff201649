// The machine's load, printed with every benchmark table: other sessions share the cores, and a row
// measured while some task waited for a CPU most of the time says less about the code than about them.
import { readFileSync } from 'node:fs';

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '(unavailable)';
  }
}

/** One line: /proc/loadavg and the `some` line of /proc/pressure/cpu. */
export function machineLoad(): string {
  const pressure = read('/proc/pressure/cpu').split('\n')[0];
  return `machine load: /proc/loadavg ${read('/proc/loadavg')}; /proc/pressure/cpu ${pressure}`;
}
