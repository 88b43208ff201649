export { startGateway, type RunningGateway } from './start-gateway.js';
export { GatewayModule } from './gateway.module.js';
export { Public, Allow, type Role } from './access/access.decorators.js';
