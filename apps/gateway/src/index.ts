export { startGateway, type RunningGateway } from './start-gateway.js';
export { GatewayModule, GATEWAY_CONTROLLERS } from './gateway.module.js';
export { Public, Allow, ACCESS_RULE, type Role } from './access/access.decorators.js';
export { ShopMailer } from './shop/shop-mailer.js';
