// The MetaTag ÷ sdm-backend rows of `npm run bench:scan:wrk` (#33 item 1): at each connection count,
// BENCH_PEER_ROUNDS rounds (2) of one MetaTag row then one sdm-backend row, same wrk settings, same
// seconds, the same number of chips and the same tap shape, so both see the same machine within seconds
// of each other. The ratio is per round; absolute figures move with the other sessions on the machine.
import { randomBytes } from 'node:crypto';
import { peerRow, peerTableRow, PEER_TABLE_HEADER, startSdmBackend } from './scan-peer.js';
import type { WrkRowResult } from './scan-wrk.js';
import { scanCpuUs } from './scan-cost.js';

/** Fresh taps prepared per second of a peer row: as many as for a MetaTag AES row (scan.bench.ts). */
const TAPS_PER_SECOND = 12000;

export async function peerComparison(
  connections: number[],
  seconds: number,
  threads: number,
  chips: number,
  ours: (connections: number, seconds: number) => Promise<WrkRowResult>,
): Promise<void> {
  const peer = await startSdmBackend();
  if (typeof peer === 'string') {
    console.log(`\nsdm-backend peer: ${peer}`);
    return;
  }
  try {
    const uids = Array.from({ length: chips }, () => randomBytes(7).toString('hex').toUpperCase());
    const rounds = Number(process.env.BENCH_PEER_ROUNDS ?? 2);
    let counterBase = 0;
    // warm-up of the peer (Python imports, gunicorn workers' first requests)
    counterBase = (await peerRow(peer, uids, 8, 2, threads, counterBase, TAPS_PER_SECOND)).maxCounter;
    console.log(
      `\nMetaTag (standalone, durable commits, check-tag with {tag, query}) and sdm-backend (GET /api/tag), both AES \`picc_data=…&cmac=…\` fresh taps, ${chips} chips each, wrk ${threads} thread(s), ${seconds} s per row, alternating (each row printed when its pair is done):\n`,
    );
    for (const line of PEER_TABLE_HEADER) console.log(line);
    for (const c of connections) {
      for (let round = 1; round <= rounds; round++) {
        const mine = await ours(c, seconds);
        const theirs = await peerRow(peer, uids, c, seconds, threads, counterBase, TAPS_PER_SECOND);
        counterBase = theirs.maxCounter;
        const databaseUs = Number.isNaN(mine.cost.databaseCpuUs) ? 0 : mine.cost.databaseCpuUs;
        console.log(
          peerTableRow(
            c,
            round,
            {
              accepted: mine.accepted,
              seconds: mine.seconds,
              p99: mine.p99,
              p999: mine.p999,
              cpuUs: scanCpuUs(mine.cost) + databaseUs,
              cpuPressure: mine.cpuPressure,
            },
            theirs,
          ),
        );
      }
    }
  } catch (error) {
    // the peer is a comparison, never a reason for the benchmark to fail
    console.log(
      `\nsdm-backend peer: the rows stopped: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await peer.stop();
  }
}
