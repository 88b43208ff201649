/** The chains the templates service knows (their ids name the index's rows). */
export const TEMPLATES_CHAINS = Symbol('TEMPLATES_CHAINS');
/** The client the ledger publishes its events with. */
export const LEDGER_EVENTS_CLIENT = Symbol('LEDGER_EVENTS_CLIENT');
