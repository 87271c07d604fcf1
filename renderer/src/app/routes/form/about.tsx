import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { aboutPage } from '../../../../../common/form/pages/about';
import { FormPageBody } from '../../../features/form';
import { FormPage } from '../../../features/layout';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { loadedFormPagesAtom } from '../../../state/form-definition';
import { firstPaintPagesAtom } from '../../../state/form-pages';

/**
 * The page's buttons go to the next page and submit, which read the whole form's definition: they
 * load with it, after a visitor's first paint (issue 26, item 5), below the page's questions.
 */
/** The pages whose rules a visitor's changes meet until the whole definition has loaded. */
const FIRST_PAINT_PAGES = [aboutPage];

const PageActions = lazyWithPreload(() => import('../../../features/answers/components/page-actions').then((module) => module.PageActions));

export function AboutRoute() {
  useHydrateAtoms([[firstPaintPagesAtom, FIRST_PAINT_PAGES]] as const);
  const definitionLoaded = useAtomValue(loadedFormPagesAtom) !== null;
  return (
    <FormPage title={aboutPage.title}>
      <FormPageBody page={aboutPage} />
      {definitionLoaded && (
        <Suspense fallback={null}>
          <PageActions page={aboutPage} />
        </Suspense>
      )}
    </FormPage>
  );
}
