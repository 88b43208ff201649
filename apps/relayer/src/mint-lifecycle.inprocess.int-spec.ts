import { runMintLifecycleSuite } from './testing/mint-lifecycle.suite.js';

// The standalone adapters: the in-process job queue and transport.
runMintLifecycleSuite({ label: 'in-process queue', env: { QUEUE: 'inprocess' } });
