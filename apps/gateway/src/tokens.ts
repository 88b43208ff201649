export const GATEWAY_DATABASE = Symbol('GATEWAY_DATABASE');
export const SERVICES = Symbol('SERVICES');
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
