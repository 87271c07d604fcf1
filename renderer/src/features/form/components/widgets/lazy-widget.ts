import { lazy, useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../../../../lib/load-chunk';
import { whenIdle } from '../../../../lib/when-idle';

export type LazyWidget<P> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<ComponentType<P>>;
  /** The loaded part, once its chunk is in. */
  current: () => ComponentType<P> | undefined;
};

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
  return Object.assign(component, { preload, current: () => loaded });
}

/**
 * A widget part downloaded on first use, not when the page shows (issue 26, item 5: react-imask
 * when a phone field is focused, downshift when a lookup is): until then the plain field shows
 * and takes input. Put `onFocus` on the plain field (or an element around it); when the part
 * arrives it replaces the plain field, and if the applicant was in it, the focus moves to the
 * part's field of the same id, the caret after what was typed. `alsoWhenIdle` fetches it at the
 * browser's first idle moment after the field shows too, for a part whose field is announced
 * differently from the plain one (a lookup is a combobox).
 */
export function useWidgetOnFocus<P>(
  widget: LazyWidget<P>,
  fieldId: string,
  { alsoWhenIdle = false }: { alsoWhenIdle?: boolean } = {},
): { Loaded: ComponentType<P> | undefined; onFocus: () => void; onBlur: () => void } {
  const [Loaded, setLoaded] = useState(() => widget.current());
  const inField = useRef(false);
  const load = useCallback(() => {
    void widget.preload().then((component) => setLoaded(() => component));
  }, [widget]);
  const onFocus = useCallback(() => {
    inField.current = true;
    if (!Loaded) load();
  }, [Loaded, load]);
  const onBlur = useCallback(() => {
    inField.current = false;
  }, []);
  useEffect(() => (alsoWhenIdle && !Loaded ? whenIdle(load) : undefined), [alsoWhenIdle, Loaded, load]);
  useLayoutEffect(() => {
    if (!Loaded || !inField.current) return;
    inField.current = false;
    const field = document.getElementById(fieldId);
    if (!(field instanceof HTMLInputElement) || document.activeElement === field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [Loaded, fieldId]);
  return { Loaded, onFocus, onBlur };
}
