import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../../../../lib/load-chunk';

export type LazyWidget<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<ComponentType<P>> };

/**
 * A widget's part that loads with the widget instead of with the entry (issue 18, item 2), as
 * React.lazy. Once its chunk is in, a first render takes it at once (a thenable that resolves
 * synchronously), so a page opened later never shows the fallback.
 */
export function lazyWidget<P>(load: () => Promise<ComponentType<P>>): LazyWidget<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  // A download that fails (offline) is tried again until it arrives; the plain field shows meanwhile.
  const preload = () => (pending ??= loadChunk(load).then((component) => (loaded = component)));
  const component = lazy(() => {
    const ready = loaded;
    if (ready) {
      const settled = { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: ready }) };
      return settled as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return preload().then((done) => ({ default: done }));
  });
  return Object.assign(component, { preload });
}
