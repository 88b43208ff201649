// `npm run docs:config`: rewrites the configuration table in README.md from libs/config.
import { readFileSync, writeFileSync } from 'node:fs';
import { configTableMarkdown } from '@metatag/config';
import { README, replaceConfigTable } from './checks/readme-config.js';

writeFileSync(README, replaceConfigTable(readFileSync(README, 'utf8'), configTableMarkdown()));
console.log('README.md configuration table updated');
