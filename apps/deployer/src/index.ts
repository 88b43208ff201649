export { deployerDefinition } from './deployer.definition.js';
export { DeployerModule } from './deployer.module.js';
