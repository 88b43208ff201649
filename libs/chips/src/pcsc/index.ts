export { PcscError, type CardChannel, type CardEvent, type PcscPort, type PcscErrorCode } from './port.js';
export { SoftwarePcsc, type SoftwareCard } from './software-port.js';
