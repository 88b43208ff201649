import { errorReply, pathMatcher, type RouteDefinition } from './define.js';
import { API_ROUTES, type RouteName } from './table.js';

interface Compiled {
  name: RouteName;
  route: RouteDefinition;
  matcher: RegExp;
  /** Fewer parameters first: `/json/qrlink/:id/qr.svg` before `/json/qrlink/:type/:nftId`. */
  params: number;
}

let compiled: Compiled[] | undefined;

function table(): Compiled[] {
  compiled ??= (Object.entries(API_ROUTES) as [RouteName, RouteDefinition][])
    .map(([name, route]) => ({
      name,
      route,
      matcher: pathMatcher(route.path),
      params: (route.path.match(/:/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  return compiled;
}

/** The table's route for a concrete request (path without query string), or undefined. */
export function findRoute(
  method: string,
  path: string,
): { name: RouteName; route: RouteDefinition } | undefined {
  const pathname = path.split('?')[0]!;
  const found = table().find((c) => c.route.method === method.toUpperCase() && c.matcher.test(pathname));
  return found && { name: found.name, route: found.route };
}

/**
 * Problems of a reply against the table: its route must be in the table, its status listed (any error
 * status may also answer the one error shape), and a JSON body must match that status's schema.
 * Returns [] when the reply conforms.
 */
export function replyProblems(method: string, path: string, status: number, body: unknown): string[] {
  const found = findRoute(method, path);
  const where = `${method.toUpperCase()} ${path.split('?')[0]}`;
  if (!found) return [`${where}: not in the route table`];
  const { route } = found;
  if ((route.replyKind ?? 'json') !== 'json' && status < 400) return [];
  const schema = route.replies[status] ?? (status >= 400 ? errorReply : undefined);
  if (!schema)
    return [`${where}: status ${status} is not in the table (${Object.keys(route.replies).join(', ')})`];
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((i) => `${where} ${status}: ${i.path.join('.') || '(body)'}: ${i.message}`);
}
