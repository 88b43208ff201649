import 'reflect-metadata';
import { runServiceProcess } from '@metatag/nest-kit';
import { deployerDefinition } from './deployer.definition.js';

await runServiceProcess(deployerDefinition);
