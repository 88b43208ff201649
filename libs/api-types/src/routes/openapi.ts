import { z } from 'zod';
import { errorReply, openApiPath, pathParamNames, type RouteAccess, type RouteDefinition } from './define.js';
import { API_ROUTES } from './table.js';

type Json = Record<string, unknown>;

const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: 'Public.',
  admin: 'Signed-in account (session cookie from /password-login or /auth/login).',
  superAdmin: 'Super admin (session cookie of an account with isSuperAdmin).',
  walletSignature: "Public; the body carries a wallet's signature, checked by the handler.",
  scanToken: "Public; needs a chip tap's scan token or continuation credential (from /json/check-tag).",
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  206: 'Partial content',
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  413: 'Too large',
  429: 'Rate limited',
  503: 'Not ready',
};

const MEDIA: Record<string, string> = {
  csv: 'text/csv',
  svg: 'image/svg+xml',
  png: 'image/png',
  html: 'text/html',
  bytes: 'application/octet-stream',
};

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a zod schema, without the `$schema` key. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

function parameters(route: RouteDefinition): Json[] {
  const list: Json[] = [];
  const pathSchema = route.params ? jsonSchema(route.params, 'input') : { properties: {} };
  const pathProps = (pathSchema.properties ?? {}) as Record<string, Json>;
  for (const name of pathParamNames(route.path))
    list.push({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } });
  if (route.query) {
    const query = jsonSchema(route.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>))
      list.push({ name, in: 'query', required: required.has(name), schema });
  }
  if (route.authToken)
    list.push({
      name: 'authtoken',
      in: 'query',
      required: false,
      description: "The owner's shop access token, instead of a session (the mint flow)",
      schema: { type: 'string' },
    });
  return list;
}

function requestBody(route: RouteDefinition): Json | undefined {
  if (!route.body) return undefined;
  const content: Json = {};
  if (route.bodyKind !== 'multipart')
    content['application/json'] = {
      schema: jsonSchema(route.body, 'input'),
      ...(route.example === undefined ? {} : { example: route.example }),
    };
  if (route.bodyKind === 'multipart' || route.bodyKind === 'json-or-multipart')
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        properties: {
          image: { type: 'string', contentMediaType: 'application/octet-stream' },
          type: { type: 'string' },
        },
      },
    };
  return { required: !route.body.safeParse({}).success, content };
}

/** The error statuses a route can answer: invalid input, its access rule's refusals, a missing item. */
function errorStatuses(route: RouteDefinition): number[] {
  const statuses = new Set<number>([400, 404]);
  if (route.access === 'admin' || route.access === 'superAdmin') statuses.add(401).add(403);
  if (route.rateLimit) statuses.add(429);
  for (const status of Object.keys(route.replies).map(Number)) if (status >= 400) statuses.add(status);
  return [...statuses].sort();
}

function responses(route: RouteDefinition): Json {
  const out: Json = {};
  for (const [statusText, schema] of Object.entries(route.replies)) {
    const status = Number(statusText);
    if (status >= 400) continue;
    const kind = route.replyKind ?? 'json';
    out[statusText] = {
      description: STATUS_TEXT[status] ?? 'Reply',
      content:
        kind === 'json'
          ? { 'application/json': { schema: jsonSchema(schema, 'input') } }
          : { [MEDIA[kind]!]: { schema: { type: 'string' } } },
    };
  }
  for (const status of errorStatuses(route)) {
    const schema = route.replies[status] ?? errorReply;
    const texts = route.errors ?? [];
    out[String(status)] = {
      description:
        (STATUS_TEXT[status] ?? 'Error') +
        (texts.length && status === 400
          ? `. The interface shows: ${texts.map((t) => `'${t}'`).join(', ')}`
          : ''),
      content: {
        'application/json': {
          schema: jsonSchema(schema, 'input'),
          example: {
            error:
              status === 400
                ? 'invalid_value'
                : (STATUS_TEXT[status] ?? 'error').toLowerCase().replace(/ /g, '_'),
            errorMessage: status === 400 && texts[0] ? texts[0] : (STATUS_TEXT[status] ?? 'Error'),
          },
        },
      },
    };
  }
  return out;
}

function operation(name: string, route: RouteDefinition): Json {
  const notes = [
    `**Access:** ${ACCESS_TEXT[route.access]}${route.authToken ? ' Also `?authtoken=` (the shop access token).' : ''}`,
    route.rateLimit ? `**Rate limit:** ${route.rateLimit}.` : '',
    route.quota ? `**Quota:** ${route.quota}.` : '',
    route.errors?.length
      ? `**Error texts (spec section 8):** ${route.errors.map((t) => `'${t}'`).join(', ')}.`
      : '',
    "Any failed request: the interface shows 'server error'.",
    route.description ?? '',
  ].filter(Boolean);
  const body = requestBody(route);
  return {
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    description: notes.join('\n\n'),
    'x-access': route.access,
    ...(route.rateLimit ? { 'x-rate-limit': route.rateLimit } : {}),
    ...(route.quota ? { 'x-quota': route.quota } : {}),
    ...(route.access === 'admin' || route.access === 'superAdmin'
      ? { security: route.authToken ? [{ session: [] }, { authtoken: [] }] : [{ session: [] }] }
      : { security: [] }),
    parameters: parameters(route),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route),
  };
}

/** The OpenAPI 3.1 document of the whole API, from API_ROUTES. Deterministic: `docs/openapi.json`. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const [name, route] of Object.entries(API_ROUTES) as [string, RouteDefinition][]) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(name, route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'MetaTag API',
      version: '1.0.0',
      description:
        'The HTTP API of MetaTag: NFT templates, collections, chips and links, the mint flow and the public scan path. ' +
        'Generated from the route table of `@metatag/api-types` (`npm run docs:api`). A typed client: `@metatag/sdk`.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(Object.values(API_ROUTES).map((r) => r.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'mt_session' },
        authtoken: { type: 'apiKey', in: 'query', name: 'authtoken' },
      },
      schemas: { Error: jsonSchema(errorReply, 'input') },
    },
    paths,
  };
}
