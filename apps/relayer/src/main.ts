import 'reflect-metadata';
import { runServiceProcess } from '@metatag/nest-kit';
import { relayerDefinition } from './relayer.definition.js';

await runServiceProcess(relayerDefinition);
