// @vitest-environment happy-dom
// Issue 18, item 1: Chromium's autofill reads the whole form of the control typed in, on every
// change. Each section's controls, and each repeated block's, belong to a <form> of their own, so
// a keystroke on Your Academics with eight colleges reads one block, not the page's 150 controls.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAnotherButtons } from '../../../../../common/form/form-state';
import { aboutPage, educationPage } from '../../../../../common/form/pages';
import type { PageDef } from '../../../../../common/form/types';
import { AppProviders } from '../../../../../renderer/src/app/providers';
import { FormPageBody } from '../../../../../renderer/src/features/form/components/page-body';
import { queryClient } from '../../../../../renderer/src/lib/query-client';
import { cookieHeaderAtom } from '../../../../../renderer/src/state/session';
import { PRESENCE_COOKIE } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

function renderPage(page: PageDef) {
  queryClient.clear();
  const counts = Object.fromEntries(addAnotherButtons.map((button) => [button.id, button.max]));
  const routes: Record<string, unknown> = { '/api/tabs': {}, '/api/add-another': counts, '/api/document-answer': {} };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = routes[String(input)];
      return new Response(JSON.stringify(body ?? { message: 'not stubbed' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const store = createStore();
  store.set(cookieHeaderAtom, PRESENCE_COOKIE);
  return render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[page.path]}>
        <FormPageBody page={page} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const controlsIn = (element: HTMLElement) => [...element.querySelectorAll<HTMLInputElement>('input, select, textarea')];

describe('the form controls’ owners', () => {
  it('gives each college block a form of its own, holding that block’s controls only', async () => {
    const { container } = renderPage(educationPage);
    const collegeMax = addAnotherButtons.find((button) => button.id === 'college')?.max ?? 8;
    const blocks = await Promise.all(Array.from({ length: collegeMax }, (_, index) => screen.findByRole('group', { name: `College ${index + 1}` })));
    const owners = blocks.map((block) => {
      const controls = controlsIn(block);
      expect(controls.length).toBeGreaterThan(0);
      const owner = controls[0]!.form;
      expect(owner).not.toBeNull();
      for (const control of controls) expect(control.form).toBe(owner);
      expect(owner!.elements.length).toBe(controls.length);
      return owner;
    });
    expect(new Set(owners).size).toBe(collegeMax);
    // No form holds more than a block's or a section's controls.
    const all = controlsIn(container);
    for (const form of container.querySelectorAll('form')) expect(form.elements.length).toBeLessThan(all.length / 4);
  }, 30_000);

  it('puts every control of a section in a form, and submitting one stays on the page', async () => {
    const { container } = renderPage(aboutPage);
    await screen.findByRole('textbox', { name: /^First Name/ });
    const sections = [...container.querySelectorAll<HTMLElement>('section.form-section')];
    expect(sections.length).toBeGreaterThan(1);
    const content = sections.flatMap((section) => controlsIn(section.querySelector('.form-section__content') ?? document.createElement('div')));
    expect(content.length).toBeGreaterThan(0);
    for (const control of content) expect(control.form, control.id).not.toBeNull();
    const first = within(container).getByRole('textbox', { name: /^First Name/ }) as HTMLInputElement;
    // fireEvent returns false when a handler called preventDefault: no navigation, no reload.
    expect(fireEvent.submit(first.form!)).toBe(false);
    expect(first.form!.noValidate).toBe(true);
  }, 30_000);
});
