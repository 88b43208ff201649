export const GATEWAY_DATABASE = Symbol('GATEWAY_DATABASE');
export const SERVICES = Symbol('SERVICES');
export const CHAIN_RPC_URL = Symbol('CHAIN_RPC_URL');
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
