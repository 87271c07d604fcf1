import type Koa from 'koa';

interface Routes {
  stack: { methods: string[]; path: string }[];
}

/**
 * Every (method, route) the app registers, read from the routers in Koa's middleware stack (a
 * router's own middleware, or the API parts' with all of theirs), as 'GET /api/profile'.
 */
export function registeredRoutes(app: Koa): string[] {
  const routes = new Set<string>();
  for (const middleware of app.middleware as unknown as { router?: Routes; routers?: Routes[] }[]) {
    for (const layer of [middleware.router, ...(middleware.routers ?? [])].flatMap((router) => router?.stack ?? [])) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${layer.path}`);
    }
  }
  return [...routes].sort();
}
