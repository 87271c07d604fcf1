import { useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useLocation } from 'react-router-dom';
import type { PageDef } from '../../../../../common/form/types';
import { keysSectionsShownRead, shownSections } from '../../../../../common/form/visibility';
import { answersOfAtom } from '../../answers/typed-answers';
import { sameItems } from '../../../state/field-state';
import { hasLazyParts, loadLazyParts } from './page-parts';
import { FormSection } from './section';
import { lazyWidget } from './widgets/lazy-widget';

/**
 * Error links and fresh loads end in /<page>#<key>: bring that element into view and give it
 * focus. Runs again for every navigation, so a second click on the same link works too.
 */
function useFocusHashTarget() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [hash, key]);
}

/** A form page's sections in order; those whose conditions fail are not rendered at all. */
function Sections({ page }: { page: PageDef }) {
  // Which sections show changes with the answers their conditions read, not with each keystroke:
  // follow just those, and select just that.
  const sectionsAtom = useMemo(() => selectAtom(answersOfAtom(keysSectionsShownRead(page)), (answers) => shownSections(page, answers), sameItems), [page]);
  const sections = useAtomValue(sectionsAtom);
  useFocusHashTarget();
  return (
    <div className="form-page__body">
      {sections.map((section) => (
        <FormSection key={section.id} section={section} />
      ))}
    </div>
  );
}

/** The sections once the upload field and the tab group are in (page-parts.ts): at once when they are. */
const SectionsWithLazyParts = lazyWidget(() => loadLazyParts().then(() => Sections));

/**
 * A form page's body. A page with an upload field or a tab group suspends until they have loaded
 * (the route's Suspense shows its spinner meanwhile); About You, which has neither, shows at once
 * (issue 26, item 5).
 */
export function FormPageBody({ page }: { page: PageDef }) {
  const Body = hasLazyParts(page) ? SectionsWithLazyParts : Sections;
  return <Body page={page} />;
}
