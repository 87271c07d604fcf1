import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './load-chunk';

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * React.lazy whose chunk can be fetched ahead of time (the account menu preloads the auth screens
 * on hover). The import runs once however often preload and render ask for it.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  // A download that fails (offline) is tried again until it arrives (load-chunk.ts); the fallback shows meanwhile.
  const loadOnce = () => (pending ??= loadChunk(load).then((component) => ({ default: component })));
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}
