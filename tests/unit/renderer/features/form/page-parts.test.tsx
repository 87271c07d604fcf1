// @vitest-environment happy-dom
// Issue 26, item 5: the upload field (with the documents feature) and the tab group (with its
// dialog) are chunks of their own. About You, which has neither, and the print view, which draws
// neither, never wait for them; a page that has them shows once they are in, all at once.
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tabGroupById } from '../../../../../common/form/form-state';
import { RESUME_KEY } from '../../../../../common/form/model/program-document-keys';
import { aboutPage } from '../../../../../common/form/pages';
import type { PageDef } from '../../../../../common/form/types';
import { FormPageBody } from '../../../../../renderer/src/features/form/components/page-body';
import { TabGroup } from '../../../../../renderer/src/features/form/components/section';
import { ApplicantUpload } from '../../../../../renderer/src/features/form/components/widgets/upload';
import { createQueryClient } from '../../../../../renderer/src/lib/query-client';
import { renderPrinted } from '../../print-view';

const resumePage: PageDef = {
  id: 'education',
  path: '/education',
  title: 'Resume',
  sections: [
    {
      id: 'resume',
      title: 'Resume',
      tabs: tabGroupById(RESUME_KEY)!,
      questions: [
        { key: 'resume_text', widget: 'textarea', label: 'Type your Resume' },
        { key: 'resume_doc', widget: 'upload', label: 'Upload your Resume' },
      ],
    },
  ],
};

function renderPage(page: PageDef) {
  const ui: ReactElement = (
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={createStore()}>
        <MemoryRouter>
          <Suspense fallback={<p>Loading page</p>}><FormPageBody page={page} /></Suspense>
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>
  );
  return render(ui);
}

const loaded = () => [TabGroup.current() !== undefined, ApplicantUpload.current() !== undefined];

// One test, in order: what it checks first is the page before the parts were ever loaded.
describe('the form’s parts that About You never shows', () => {
  it('load only for a page that has them, which shows once they are in', async () => {
    renderPage(aboutPage).unmount();
    expect(loaded()).toEqual([false, false]);

    // The print view draws the print model's items: the page and its section, no widget.
    const printed = renderPrinted([resumePage]);
    expect(screen.getAllByRole('region', { name: 'Resume' })).toHaveLength(2);
    expect(loaded()).toEqual([false, false]);
    printed.unmount();

    renderPage(resumePage);
    expect(screen.getByText('Loading page')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(await screen.findByRole('tablist', { name: 'Resume' })).toBeTruthy();
    expect(screen.queryByText('Loading page')).toBeNull();
    expect(loaded()).toEqual([true, true]);

    // Another page with them, later: no wait at all.
    act(() => void renderPage({ ...resumePage, id: 'final_steps', path: '/final-steps' }));
    expect(screen.getAllByRole('tablist', { name: 'Resume' })).toHaveLength(2);
  });
});
