import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFields } from '../../common/form/model';
import { aboutMessages } from '../../common/form/schema';
import { answerMessages } from '../../backend/applicant/answer-service';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

type Profile = { answer: Record<string, unknown> };

describe.each(dialects)('answers on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function answersOf(client: ApiClient) {
    return ((await client.get<Profile>('/api/profile')).body).answer;
  }

  async function accountIdOf(client: ApiClient) {
    const username = ((await client.get<{ username: string }>('/api/profile')).body).username;
    return (await server.store.accounts.findByUsername(username))!.id;
  }

  it('merges a patch: present keys stored, null or empty cleared, absent keys untouched', async () => {
    const client = await loggedInApplicant(server);
    const first = await client.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace', middle_name: 'King' });
    expect(first).toMatchObject({ status: 200, body: { message: answerMessages.saved } });
    expect(await answersOf(client)).toEqual({ first_name: 'Ada', last_name: 'Lovelace', middle_name: 'King' });

    await client.put('/api/answer', { last_name: 'Byron', middle_name: null, preferred_name: '' });
    expect(await answersOf(client)).toEqual({ first_name: 'Ada', last_name: 'Byron' });
  });

  it('keeps booleans as booleans and refuses a wrong type for a key', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { accented_name_checkbox: true });
    expect(await answersOf(client)).toEqual({ accented_name_checkbox: true });
    const wrong = await client.put('/api/answer', { accented_name_checkbox: 'yes', first_name: 7 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      accented_name_checkbox: ['This answer must be true or false.'],
      first_name: ['This answer must be text.'],
    });
    expect(await answersOf(client)).toEqual({ accented_name_checkbox: true });
  });

  it('refuses unknown keys and over-long values whole, storing nothing of the patch', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { first_name: 'Grace' });
    const unknown = await client.put('/api/answer', { first_name: 'Ada', favourite_colour: 'blue', __proto__x: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toMatchObject({ favourite_colour: [answerMessages.unknownKey] });

    const long = await client.put('/api/answer', { first_name: 'A'.repeat(46), last_name: 'Hopper' });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ first_name: ['This answer is longer than the limit of 45 characters.'] });
    expect(await answersOf(client)).toEqual({ first_name: 'Grace' });
    expect(await server.store.answers.history(await accountIdOf(client))).toHaveLength(1);
  });

  it('refuses every upload key, whatever its value, storing nothing of the patch: only a conversion writes it', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { first_name: 'Grace' });
    const uploadKeys = answerFields.filter((field) => field.type === 'upload').map((field) => field.key);
    expect(uploadKeys).toContain('teacher_upload');
    for (const key of uploadKeys) {
      for (const value of ['ANSWERED', 'x', null, '', true]) {
        const response = await client.put('/api/answer', { first_name: 'Ada', [key]: value });
        expect({ key, value, ...response }).toMatchObject({
          key,
          value,
          status: 400,
          body: { message: answerMessages.invalidAnswers, errors: { [key]: [answerMessages.documentNotAnswerable] } },
        });
        expect(Object.keys(response.body.errors as object)).toEqual([key]);
      }
    }
    expect(await answersOf(client)).toEqual({ first_name: 'Grace' });
    expect(await server.store.answers.history(await accountIdOf(client))).toHaveLength(1);
  });

  it('refuses a body that is not an object of answers', async () => {
    const client = await loggedInApplicant(server);
    for (const body of [[], 'text', 42, null]) {
      const response = await client.put('/api/answer', JSON.stringify(body));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(answerMessages.notAnObject);
    }
  });

  it('refuses a date that is not YYYY-MM-DD, with the form’s message', async () => {
    const client = await loggedInApplicant(server);
    const response = await client.put('/api/answer', { birth_date: '12/31/1990' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ birth_date: [aboutMessages.birthDateInvalid] });
    expect((await client.put('/api/answer', { birth_date: '1990-12-31' })).status).toBe(200);
  });

  it('keeps every change in the history: who, when, old and new', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { first_name: 'Ada' });
    await client.put('/api/answer', { first_name: 'Ada' });
    await client.put('/api/answer', { first_name: 'Augusta' });
    await client.put('/api/answer', { first_name: null });
    const history = await server.store.answers.history(await accountIdOf(client));
    expect(history.map(({ answer_key, old_value, new_value, changed_by }) => ({ answer_key, old_value, new_value, changed_by }))).toEqual([
      { answer_key: 'first_name', old_value: null, new_value: '"Ada"', changed_by: 'applicant' },
      { answer_key: 'first_name', old_value: '"Ada"', new_value: '"Augusta"', changed_by: 'applicant' },
      { answer_key: 'first_name', old_value: '"Augusta"', new_value: null, changed_by: 'applicant' },
    ]);
    expect(history.every((row) => typeof row.changed_at === 'number' && row.changed_at > 0)).toBe(true);
  });

  it('keeps every key when two tabs save different keys at the same time', async () => {
    const client = await loggedInApplicant(server);
    const keys = ['first_name', 'last_name', 'middle_name', 'preferred_name', 'previous_name', 'address_line_2'];
    await Promise.all(keys.map((key, index) => client.put('/api/answer', { [key]: `value ${index}` })));
    expect(Object.keys(await answersOf(client)).sort()).toEqual([...keys].sort());
  });

  it('clears the answers of a section its condition hides, in the store and its history', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', {
      citizenship_type: '2',
      citizenship_type_desc: 'U.S. permanent resident (green card holder)',
      citizenship: 'CAN',
      citizenship_visa_status: 'PR',
      alien_registration_number: 'A123456789',
    });
    expect(await answersOf(client)).toMatchObject({ citizenship: 'CAN', alien_registration_number: 'A123456789' });

    await client.put('/api/answer', { citizenship_type: '1', citizenship_type_desc: 'U.S. citizen' });
    expect(await answersOf(client)).toEqual({ citizenship_type: '1', citizenship_type_desc: 'U.S. citizen' });
    const history = await server.store.answers.history(await accountIdOf(client));
    expect(history.filter((row) => row.new_value === null).map((row) => row.answer_key).sort()).toEqual(
      ['alien_registration_number', 'citizenship', 'citizenship_desc', 'citizenship_visa_status', 'citizenship_visa_status_desc'].sort(),
    );
  });

  it('keeps applicants apart', async () => {
    const a = await loggedInApplicant(server);
    const b = await loggedInApplicant(server);
    await a.put('/api/answer', { first_name: 'Alan' });
    expect(await answersOf(b)).toEqual({});
  });

  it('needs a session', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.put('/api/answer', { first_name: 'Eve' })).status).toBe(401);
  });

  it('refuses every write once the application is submitted', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountIdOf(client);
    await client.put('/api/answer', { first_name: 'Ada' });
    await server.store.submissions.submit(accountId, Date.now(), () => ({})); // submitted as the Submit button records it
    const response = await client.put('/api/answer', { first_name: 'Changed' });
    expect(response).toMatchObject({ status: 409, body: { message: answerMessages.submitted } });
    expect(await answersOf(client)).toEqual({ first_name: 'Ada' });
  });

  it('stores the validation errors the client posts and refuses malformed ones', async () => {
    const client = await loggedInApplicant(server);
    const errors = { first_name: ['First Name is required.'] };
    expect((await client.post('/api/validations', errors)).status).toBe(200);
    expect(await server.store.answers.validationErrors(await accountIdOf(client))).toEqual(errors);
    expect((await client.post('/api/validations', { first_name: 'not a list' })).status).toBe(400);
    expect((await client.post('/api/validations', { nonsense_key: ['x'] })).status).toBe(400);
    expect(await server.store.answers.validationErrors(await accountIdOf(client))).toEqual(errors);
  });

  it('accepts web statuses only in order and last pages only among the form pages', async () => {
    const client = await loggedInApplicant(server);
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(400);
    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    expect((await client.put('/api/last-page', { last_page: '/completion' })).status).toBe(400);
    expect((await client.put('/api/last-page', { last_page: '/login' })).status).toBe(400);
    expect((await client.put('/api/last-page', { last_page: '/education' })).status).toBe(200);
  });
});
