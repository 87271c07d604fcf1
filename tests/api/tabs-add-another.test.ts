import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formStateMessages } from '../../backend/applicant/form-state-service';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(dialects)('tabs and add-another on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('stores the chosen tab per tab group and returns the map', async () => {
    const client = await loggedInApplicant(server);
    expect((await client.get('/api/tabs')).body).toEqual({});
    expect(await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' })).toMatchObject({
      status: 200,
      body: { message: formStateMessages.tabSaved },
    });
    await client.put('/api/tabs', { tab_id: 'essay_compscience', chosen_tab: 'upload' });
    await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'text' });
    expect((await client.get('/api/tabs')).body).toEqual({ personal_statement: 'text', essay_compscience: 'upload' });
  });

  it('refuses unknown tab groups and tabs, changing nothing', async () => {
    const client = await loggedInApplicant(server);
    const unknownGroup = await client.put('/api/tabs', { tab_id: 'favourite_colour', chosen_tab: 'text' });
    expect(unknownGroup).toMatchObject({ status: 400, body: { message: formStateMessages.unknownTabGroup } });
    const unknownTab = await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'video' });
    expect(unknownTab).toMatchObject({ status: 400, body: { message: 'chosen_tab must be one of text, upload.' } });
    expect((await client.put('/api/tabs', { tab_id: 7 })).status).toBe(400);
    expect((await client.get('/api/tabs')).body).toEqual({});
  });

  it('stores add-another counts from 1 to the button maximum, refusing the rest', async () => {
    const client = await loggedInApplicant(server);
    expect((await client.get('/api/add-another')).body).toEqual({});
    expect((await client.put('/api/add-another', { button_id: 'college', num_components: 3 })).status).toBe(200);
    expect((await client.get('/api/add-another')).body).toEqual({ college: 3 });
    for (const count of [0, 9, 2.5, '4', -1]) {
      const response = await client.put('/api/add-another', { button_id: 'college', num_components: count });
      expect(response).toMatchObject({ status: 400, body: { message: formStateMessages.badCount(8) } });
    }
    const unknown = await client.put('/api/add-another', { button_id: 'pets', num_components: 2 });
    expect(unknown).toMatchObject({ status: 400, body: { message: formStateMessages.unknownButton } });
    expect((await client.get('/api/add-another')).body).toEqual({ college: 3 });
  });

  it('keeps applicants apart and needs a session', async () => {
    const a = await loggedInApplicant(server);
    const b = await loggedInApplicant(server);
    await a.put('/api/add-another', { button_id: 'college', num_components: 2 });
    expect((await b.get('/api/add-another')).body).toEqual({});
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get('/api/tabs')).status).toBe(401);
    expect((await anonymous.put('/api/add-another', { button_id: 'college', num_components: 2 })).status).toBe(401);
  });

  it('refuses changes after submission', async () => {
    const client = await loggedInApplicant(server);
    const username = ((await client.get<{ username: string }>('/api/profile')).body).username;
    const accountId = (await server.store.accounts.findByUsername(username))!.id;
    await server.store.submissions.submit(accountId, Date.now(), () => ({})); // submitted as the Submit button records it
    expect((await client.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' })).status).toBe(409);
    expect((await client.put('/api/add-another', { button_id: 'college', num_components: 2 })).status).toBe(409);
  });
});
