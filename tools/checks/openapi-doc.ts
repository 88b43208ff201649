import { fileURLToPath } from 'node:url';
import { openApiDocument } from '@metatag/api-types';

export const OPENAPI_FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

/** The committed form of the document: two-space JSON and a final newline. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
