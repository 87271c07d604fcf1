// Shared set-up of the unit project. Safe in the node environment as well as under happy-dom.
import { afterEach } from 'vitest';
import { loadFormPages } from '../../renderer/src/state/form-definition';
import { loadValidator } from '../../renderer/src/state/validator';

// The renderer loads its whole-application validation and two widgets' libraries as chunks of
// their own (issue 18, item 2). Tests that render a widget or read the state atoms directly find
// them loaded, as a form open for a moment does; tests/e2e load them as the browser does. So is
// the whole form's definition, which a visitor's About You loads after its first paint (issue 26).
await Promise.all([loadValidator(), loadFormPages()]);

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // Each test is a tab of its own: sessionStorage (a visitor's answers kept in the tab, issue 33)
  // dies with the tab, so the next test's page never finds the last one's.
  afterEach(() => window.sessionStorage?.clear());
  // findBy* and waitFor wait for a condition; their deadline suits a machine busy on every core
  // (the default 1 s did not: a page's lazy chunks were still loading, issue 26). A condition that
  // holds ends the wait at once, so a quiet machine pays nothing; vitest.config.ts gives the unit
  // tests time beyond it.
  configure({ asyncUtilTimeout: 15_000 });
  const { LookupInput } = await import('../../renderer/src/features/form/components/widgets/lookup');
  const { MaskedInput } = await import('../../renderer/src/features/form/components/widgets/phone');
  await Promise.all([LookupInput.preload(), MaskedInput.preload()]);

  // react-hot-toast asks for prefers-reduced-motion; happy-dom has no matchMedia.
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}
