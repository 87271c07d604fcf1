import type Koa from 'koa';

/** Every (method, route) the app registers, read from the routers in Koa's middleware stack, as 'GET /api/profile'. */
export function registeredRoutes(app: Koa): string[] {
  const routes = new Set<string>();
  for (const middleware of app.middleware as unknown as { router?: { stack: { methods: string[]; path: string }[] } }[]) {
    for (const layer of middleware.router?.stack ?? []) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${layer.path}`);
    }
  }
  return [...routes].sort();
}
