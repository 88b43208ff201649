// `npm run docs:api`: rewrites docs/openapi.json from the route table of libs/api-types.
import { writeFileSync } from 'node:fs';
import { OPENAPI_FILE, openApiText } from './checks/openapi-doc.js';

writeFileSync(OPENAPI_FILE, openApiText());
console.log('docs/openapi.json updated');
