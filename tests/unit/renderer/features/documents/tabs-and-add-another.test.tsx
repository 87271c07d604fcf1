// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, useSetAtom } from 'jotai';
import { toast } from 'react-hot-toast';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '../../../../../common/api';
import { addAnotherButtons, tabGroupById } from '../../../../../common/form/form-state';
import { MemoryRouter } from 'react-router-dom';
import { collegesSection } from '../../../../../common/form/pages/education/colleges';
import { AppProviders } from '../../../../../renderer/src/app/providers';
import { AddAnother } from '../../../../../renderer/src/features/form/components/widgets/add-another';
import { TabGroup } from '../../../../../renderer/src/features/form/components/widgets/tab-group';
import { queryClient } from '../../../../../renderer/src/lib/query-client';
import { queryKeys } from '../../../../../renderer/src/lib/query-keys';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { webStatusAtom } from '../../../../../renderer/src/state/snapshot';
import type { PageDef } from '../../../../../common/form/types';
import { cookieHeaderAtom } from '../../../../../renderer/src/state/session';
import { PRESENCE_COOKIE } from '../../render-app';

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status?: number; body: unknown };

function stubFetch(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answer = routes[`${call.method} ${call.path}`];
      if (!answer) return new Response('not stubbed', { status: 500 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderWith(ui: ReactNode, options: { loggedIn?: boolean; answers?: Answers; validating?: boolean; pages?: readonly PageDef[] } = {}) {
  queryClient.clear();
  toast.remove();
  const store = createStore();
  store.set(cookieHeaderAtom, options.loggedIn === false ? '' : PRESENCE_COOKIE);
  store.set(studentAnswersAtom, options.answers ?? {});
  if (options.validating) store.set(webStatusAtom, 'validating');
  if (options.pages) store.set(formPagesAtom, options.pages);
  const container = document.body.appendChild(document.createElement('div'));
  render(
    <AppProviders store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
    { container },
  );
  return {
    answers: () => store.get(studentAnswersAtom),
    setAnswers: (answers: Answers) => act(() => store.set(studentAnswersAtom, answers)),
  };
}

afterEach(() => vi.unstubAllGlobals());

const group = tabGroupById('personal_statement')!;
const DOC = 'personal_statement_doc';
const renderTab = (tabId: string) => <p>Panel {tabId}</p>;

describe('tab group', () => {
  it('shows a visitor only the default tab, without asking the server', () => {
    const calls = stubFetch({});
    renderWith(<TabGroup group={group} renderTab={renderTab} />, { loggedIn: false });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Type it here']);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel text');
    expect(calls).toHaveLength(0);
  });

  it('shows the stored tab, and the default one when the choices cannot be loaded', async () => {
    stubFetch({ 'GET /api/tabs': { body: { personal_statement: 'upload' } }, 'GET /api/document-answer': { body: {} } });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    expect(await screen.findByText('Panel upload')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Upload a document' }).getAttribute('aria-selected')).toBe('true');

    stubFetch({ 'GET /api/tabs': { status: 500, body: { message: 'Down' } }, 'GET /api/document-answer': { body: {} } });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    await waitFor(() => expect(screen.getAllByRole('tabpanel').at(-1)?.textContent).toBe('Panel text'));
  });

  it('moves focus between tabs with the arrow keys', async () => {
    stubFetch({ 'GET /api/tabs': { body: {} }, 'GET /api/document-answer': { body: {} } });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    const [text, upload] = screen.getAllByRole('tab');
    text!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(upload);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(text);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(upload);
  });

  it("shows the messages of a key whose tab is not on show above the tabs, under that key's id", async () => {
    stubFetch({ 'GET /api/tabs': { body: { personal_statement: 'upload' } }, 'GET /api/document-answer': { body: {} } });
    // Only the essay's own tab group: its text is over the limit while the upload tab is chosen.
    const essayPage: PageDef = {
      id: 'education',
      path: '/education',
      title: 'Essays',
      sections: [
        {
          id: 'essay',
          title: 'Personal Statement',
          tabs: group,
          questions: [{ key: 'personal_statement', widget: 'textarea', label: 'Personal Statement' }],
        },
      ],
    };
    const store = renderWith(<TabGroup group={group} renderTab={renderTab} />, { answers: { personal_statement: 'x'.repeat(7001) }, validating: true, pages: [essayPage] });
    await screen.findByText('Panel upload');
    const anchor = document.getElementById('personal_statement');
    expect(anchor?.textContent).toBe('Personal Statement must be at most 7000 characters.');
    expect(anchor?.compareDocumentPosition(screen.getByRole('tablist')) ?? 0).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    store.setAnswers({ personal_statement: 'Short.' });
    await waitFor(() => expect(document.getElementById('personal_statement')).toBeNull());
  });

  it('blocks switching with a dialog while the upload converts', async () => {
    const calls = stubFetch({ 'GET /api/tabs': { body: { personal_statement: 'upload' } }, 'GET /api/document-answer': { body: {} } });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    queryClient.setQueryData(queryKeys.conversionStatus(DOC), { status: 'IN_PROGRESS', message: '' });
    await screen.findByText('Panel upload');
    await userEvent.click(screen.getByRole('tab', { name: 'Type it here' }));
    const dialog = await screen.findByRole('dialog', { name: 'File Upload in Progress' });
    expect(within(dialog).getByText('Please wait until the file upload has completed.')).toBeTruthy();
    expect(screen.getByText('Panel upload')).toBeTruthy();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('blocks switching while an upload is starting, its status written to a query made anew', async () => {
    const calls = stubFetch({ 'GET /api/tabs': { body: { personal_statement: 'upload' } }, 'GET /api/document-answer': { body: {} } });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    await screen.findByText('Panel upload');
    // As the upload widget starts: the old status is removed, then the first one written.
    queryClient.removeQueries({ queryKey: queryKeys.conversionStatus(DOC) });
    queryClient.setQueryData(queryKeys.conversionStatus(DOC), { status: 'UNPROCESSED', message: '' });
    await userEvent.click(screen.getByRole('tab', { name: 'Type it here' }));
    expect(await screen.findByRole('dialog', { name: 'File Upload in Progress' })).toBeTruthy();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('blocks switching when deleting the document fails', async () => {
    const calls = stubFetch({
      'GET /api/tabs': { body: { personal_statement: 'upload' } },
      'GET /api/document-answer': { body: { [DOC]: { file_name: 'a.pdf', file_size: 10 } } },
    });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    await screen.findByText('Panel upload');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/document-answer')).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: 'Type it here' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Switch to Type it here?' })).getByRole('button', { name: 'Switch' }));
    expect(await screen.findByRole('dialog', { name: 'File Upload in Progress' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('deletes the document, saves the new tab and clears the old tab\'s answers', async () => {
    const calls = stubFetch({
      'GET /api/tabs': { body: { personal_statement: 'upload' } },
      'GET /api/document-answer': { body: { [DOC]: { file_name: 'a.pdf', file_size: 10 } } },
      [`DELETE /api/pdf/document-answer/${DOC}`]: { body: { message: 'Your file has been deleted.' } },
      'PUT /api/tabs': { body: { message: 'Saved' } },
    });
    const { answers } = renderWith(<TabGroup group={group} renderTab={renderTab} />, {
      // A program that asks for the personal statement, so the essay is on show and keeps its answers.
      answers: { campus_preferrence: 'M', applied_major: 'MSCYB', [DOC]: 'ANSWERED', personal_statement: 'old' },
    });
    await screen.findByText('Panel upload');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.documentAnswers())).toBeDefined());
    await userEvent.click(screen.getByRole('tab', { name: 'Type it here' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch to Type it here?' });
    expect(within(confirm).getByText('The document you uploaded will be removed.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch' }));

    expect(await screen.findByText('Panel text')).toBeTruthy();
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes).toEqual([
      { method: 'DELETE', path: `/api/pdf/document-answer/${DOC}`, body: undefined },
      { method: 'PUT', path: '/api/tabs', body: { tab_id: 'personal_statement', chosen_tab: 'text' } },
    ]);
    expect(answers()[DOC]).toBeNull();
    expect(answers().personal_statement).toBe('old');
  });

  it('asks before a switch that removes typed text; Cancel keeps the tab and the text, writing nothing', async () => {
    const calls = stubFetch({ 'GET /api/tabs': { body: {} }, 'GET /api/document-answer': { body: {} } });
    const { answers } = renderWith(<TabGroup group={group} renderTab={renderTab} />, {
      answers: { campus_preferrence: 'M', applied_major: 'MSCYB', personal_statement: 'typed' },
    });
    await screen.findByText('Panel text');
    await userEvent.click(screen.getByRole('tab', { name: 'Upload a document' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch to Upload a document?' });
    expect(within(confirm).getByText('The text you typed will be removed.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Panel text')).toBeTruthy();
    expect(answers().personal_statement).toBe('typed');
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('asks before a switch that removes text still being typed, when the click does not move the focus (WebKit)', async () => {
    stubFetch({ 'GET /api/tabs': { body: {} }, 'GET /api/document-answer': { body: {} } });
    /** A text area that commits on blur, as the form's does (textarea.tsx). */
    function DraftArea() {
      const setAnswers = useSetAtom(studentAnswersAtom);
      const [draft, setDraft] = useState('');
      return <textarea aria-label="Statement" value={draft} onChange={(event) => setDraft(event.target.value)} onBlur={() => setAnswers((old) => ({ ...old, personal_statement: draft }))} />;
    }
    const { answers } = renderWith(<TabGroup group={group} renderTab={(tabId) => (tabId === 'text' ? <DraftArea /> : <p>Panel {tabId}</p>)} />, {
      answers: { campus_preferrence: 'M', applied_major: 'MSCYB' },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Statement' }), 'Not yet committed');
    expect(answers().personal_statement).toBeUndefined();
    // A click that leaves the focus where it was, as WebKit's does on a button.
    fireEvent.click(screen.getByRole('tab', { name: 'Upload a document' }));
    expect(await screen.findByRole('dialog', { name: 'Switch to Upload a document?' })).toBeTruthy();
    expect(answers().personal_statement).toBe('Not yet committed');
  });

  it('switches without asking when the old tab holds nothing', async () => {
    const calls = stubFetch({ 'GET /api/tabs': { body: {} }, 'GET /api/document-answer': { body: {} }, 'PUT /api/tabs': { body: { message: 'Saved' } } });
    renderWith(<TabGroup group={group} renderTab={renderTab} />, { answers: { personal_statement: '   ' } });
    await userEvent.click(await screen.findByRole('tab', { name: 'Upload a document' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the tabs toast when the choice cannot be saved', async () => {
    stubFetch({
      'GET /api/tabs': { body: {} },
      'GET /api/document-answer': { body: {} },
      'PUT /api/tabs': { status: 400, body: { message: 'No such tab.' } },
    });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Upload a document' }));
    const card = await screen.findByRole('status', { name: 'Error handling tabs for text' });
    expect(within(card).getByText('No such tab.')).toBeTruthy();
    expect(screen.getByText('Panel text')).toBeTruthy();
  });

  it('after a tabs error, marks the conversions stale and reads the documents again (form-content section 7)', async () => {
    const calls = stubFetch({
      'GET /api/tabs': { body: {} },
      'GET /api/document-answer': { body: {} },
      'PUT /api/tabs': { status: 400, body: { message: 'No such tab.' } },
    });
    renderWith(<TabGroup group={group} renderTab={renderTab} />);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.documentAnswers())).toBeDefined());
    queryClient.setQueryData(queryKeys.conversionStatus(DOC), { status: 'COMPLETED', message: '' });
    const documentReads = () => calls.filter((call) => call.path === '/api/document-answer').length;
    expect(documentReads()).toBe(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Upload a document' }));
    await screen.findByRole('status', { name: 'Error handling tabs for text' });
    await waitFor(() => expect(documentReads()).toBe(2));
    expect(queryClient.getQueryState(queryKeys.conversionStatus(DOC))?.isInvalidated).toBe(true);
  });
});

const button = addAnotherButtons[0]!;
const renderBlock = (index: number) => <p>Block {index + 1}</p>;
const blocks = () => screen.queryAllByText(/^Block \d+$/).map((block) => block.textContent);

describe('add another', () => {
  it('shows the stored count of blocks and stores one more', async () => {
    const calls = stubFetch({ 'GET /api/add-another': { body: { [button.id]: 3 } }, 'PUT /api/add-another': { body: { message: 'Saved' } } });
    renderWith(<AddAnother button={button} section={collegesSection} renderBlock={renderBlock} />);
    await waitFor(() => expect(blocks()).toEqual(['Block 1', 'Block 2', 'Block 3']));
    await userEvent.click(screen.getByRole('button', { name: 'Add Another' }));
    await waitFor(() => expect(blocks()).toHaveLength(4));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ button_id: button.id, num_components: 4 });
  });

  it('starts at one block when nothing is stored or the load fails', async () => {
    stubFetch({ 'GET /api/add-another': { status: 500, body: { message: 'Down' } } });
    renderWith(<AddAnother button={button} section={collegesSection} renderBlock={renderBlock} />);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add Another' }) as HTMLButtonElement).disabled).toBe(false));
    expect(blocks()).toEqual(['Block 1']);
  });

  it('hides the button at the maximum', async () => {
    stubFetch({ 'GET /api/add-another': { body: { [button.id]: button.max } } });
    renderWith(<AddAnother button={button} section={collegesSection} renderBlock={renderBlock} />);
    await waitFor(() => expect(blocks()).toHaveLength(button.max));
    expect(screen.queryByRole('button', { name: 'Add Another' })).toBeNull();
  });

  it('shows a visitor the blocks without the button', () => {
    const calls = stubFetch({});
    renderWith(<AddAnother button={button} section={collegesSection} renderBlock={renderBlock} />, { loggedIn: false });
    expect(blocks()).toEqual(['Block 1']);
    expect(screen.queryByRole('button', { name: 'Add Another' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows the add-another toast when the count cannot be stored', async () => {
    stubFetch({ 'GET /api/add-another': { body: {} }, 'PUT /api/add-another': { status: 400, body: { message: 'Too many.' } } });
    renderWith(<AddAnother button={button} section={collegesSection} renderBlock={renderBlock} />);
    const add = screen.getByRole('button', { name: 'Add Another' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(add);
    const card = await screen.findByRole('status', { name: `Error adding another ${button.id}` });
    expect(within(card).getByText('Too many.')).toBeTruthy();
    expect(blocks()).toEqual(['Block 1']);
  });

  it('removes an empty added block at once: the answers are saved, the count goes down, the block before takes focus (issue 33, item 7)', async () => {
    const calls = stubFetch({ 'GET /api/add-another': { body: { [button.id]: 3 } }, 'PUT /api/add-another': { body: { message: 'Saved' } }, 'PUT /api/answer': { body: { message: 'Saved' } } });
    renderWith(<AddAnother button={button} section={collegesSection} renderBlock={renderBlock} />, {
      answers: { college_name: 'Towson University', college_name_2: 'Goucher College' },
    });
    await waitFor(() => expect(blocks()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Remove College 1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove College 3' }));
    await waitFor(() => expect(blocks()).toEqual(['Block 1', 'Block 2']));
    expect(screen.queryByRole('dialog')).toBeNull();
    const saved = calls.find((call) => call.method === 'PUT' && call.path === '/api/answer')?.body as Answers;
    expect(saved).toEqual({ college_name: 'Towson University', college_name_2: 'Goucher College' });
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual(['/api/answer', '/api/add-another']);
    expect(calls.find((call) => call.path === '/api/add-another' && call.method === 'PUT')?.body).toEqual({ button_id: button.id, num_components: 2 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'College 2' })));
  });

  it('asks before it removes a block holding answers, and moves the blocks after it up a slot', async () => {
    const calls = stubFetch({ 'GET /api/add-another': { body: { [button.id]: 3 } }, 'PUT /api/add-another': { body: { message: 'Saved' } }, 'PUT /api/answer': { body: { message: 'Saved' } } });
    const view = renderWith(<AddAnother button={button} section={collegesSection} renderBlock={renderBlock} />, {
      answers: { college_name: 'Towson University', college_name_2: 'Mistake College', college_name_3: 'Goucher College', college_gpa_3: '3.9' },
    });
    await waitFor(() => expect(blocks()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Remove College 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove College 2?' });
    expect(within(dialog).getByText('The answers you gave for College 2 will be removed.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(blocks()).toHaveLength(3);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove College 2' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove College 2?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(blocks()).toEqual(['Block 1', 'Block 2']));
    expect(view.answers()).toMatchObject({ college_name: 'Towson University', college_name_2: 'Goucher College', college_gpa_2: '3.9', college_name_3: null, college_gpa_3: null });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'College 1' })));
  });
});
