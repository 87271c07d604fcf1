import type Router from '@koa/router';
import type { Middleware } from 'koa';

/**
 * A part of the API: the routers under some path prefixes, behind the part's guard. A request
 * reaches only its own part's routers (docs/performance.md, "Issue 37 item 2"): passing through
 * every router of the application, each matching its routes and then checking allowed methods,
 * cost an applicant's call more than its own statement.
 */
export interface ApiPart {
  /** For the error a misplaced route raises at start. */
  name: string;
  /** Whether a path is the part's, whatever its case (the routers match paths case-insensitively). */
  owns(path: string): boolean;
  /** Runs before the part's routers (a session check); it calls next to go on. */
  guard?: Middleware;
  routers: readonly Router[];
}

/** What a router does with a method no route of a known path has: 405, as `allowedMethods` is told. */
type AllowedMethodsOptions = Parameters<Router['allowedMethods']>[0];

/** Runs the middleware in turn, each given the next as its `next`, the last the chain's own. */
function inTurn(middleware: readonly Middleware[]): Middleware {
  return (ctx, next) => {
    const run = (index: number): Promise<unknown> => (index === middleware.length ? next() : Promise.resolve(middleware[index]!(ctx, () => run(index + 1))));
    return run(0);
  };
}

const routePaths = (router: Router): string[] => router.stack.map((layer) => String(layer.path));

/**
 * One middleware for the parts: a request whose path belongs to a part (the first part, in the
 * order given, that owns it) runs that part's guard and routers, and the chain
 * ends there (an unknown path under a part is the error handler's 404, a known path with another
 * method the routers' 405). Any other request goes on. Throws at start when a route would never
 * be reached: a path outside its part, or one an earlier part's prefix takes. The middleware
 * carries the parts' routers as `routers`.
 */
export function apiParts(parts: readonly ApiPart[], allowedMethods: AllowedMethodsOptions): Middleware & { readonly routers: readonly Router[] } {
  const partOf = (path: string): ApiPart | undefined => parts.find((part) => part.owns(path));
  const chains = new Map<ApiPart, Middleware>();
  for (const part of parts) {
    const misplaced = part.routers.flatMap(routePaths).filter((path) => partOf(path) !== part);
    if (misplaced.length > 0) throw new Error(`routes of the ${part.name} part that are not its paths, or that an earlier part's take: ${misplaced.join(', ')}`);
    const routers = part.routers.flatMap((router) => [router.routes() as Middleware, router.allowedMethods(allowedMethods) as Middleware]);
    chains.set(part, inTurn([...(part.guard ? [part.guard] : []), ...routers]));
  }
  const end = () => Promise.resolve();
  const dispatch: Middleware = (ctx, next) => {
    const part = partOf(ctx.path);
    return part ? chains.get(part)!(ctx, end) : next();
  };
  // Every router, for what lists the application's routes (as @koa/router's own middleware carries its router).
  return Object.assign(dispatch, { routers: parts.flatMap((part) => part.routers) });
}
