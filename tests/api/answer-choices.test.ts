// Answers mean what they say (issue 17, item 7): the server writes each `<key>_desc` from the
// question's own options, whatever label the client sends, and refuses at save a value that is not
// among a static option list; a dependent list (the program by campus) is checked at submit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerMessages } from '../../backend/applicant/answer-service';
import { ethnicityOptions } from '../../common/form/pages/about/choices';
import { campusOptions, programOptionsByCampus } from '../../common/form/pages/education/choices';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

type Profile = { answer: Record<string, unknown> };

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((option) => option.value === value)!.label;

describe.each(dialects)('answer choices on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const answersOf = async (client: ApiClient) => (await client.get<Profile>('/api/profile')).body.answer;

  it('stores the chosen option’s own label as `_desc`, ignoring a label the client made up', async () => {
    const client = await loggedInApplicant(server);
    const saved = await client.put('/api/answer', { ethnicity: 'HL', ethnicity_desc: 'Something else entirely' });
    expect(saved.status).toBe(200);
    expect(await answersOf(client)).toEqual({ ethnicity: 'HL', ethnicity_desc: labelOf(ethnicityOptions, 'HL') });
  });

  it('writes `_desc` when the client sends none, ignores a lone `_desc`, and clears it with its answer', async () => {
    const client = await loggedInApplicant(server);
    expect((await client.put('/api/answer', { ethnicity: 'NH' })).status).toBe(200);
    expect(await answersOf(client)).toEqual({ ethnicity: 'NH', ethnicity_desc: labelOf(ethnicityOptions, 'NH') });

    expect((await client.put('/api/answer', { ethnicity_desc: 'Hispanic or Latino' })).status).toBe(200);
    expect(await answersOf(client)).toEqual({ ethnicity: 'NH', ethnicity_desc: labelOf(ethnicityOptions, 'NH') });

    expect((await client.put('/api/answer', { ethnicity: null, ethnicity_desc: 'Hispanic or Latino' })).status).toBe(200);
    expect(await answersOf(client)).toEqual({});
  });

  it('refuses a value outside a static option list with a clear message, storing nothing of the save', async () => {
    const client = await loggedInApplicant(server);
    const response = await client.put('/api/answer', { first_name: 'Ada', ethnicity: 'XX', country: 'Atlantis', college_state_3: 'Nowhere' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: answerMessages.invalidAnswers,
      errors: { ethnicity: [answerMessages.notAChoice], country: [answerMessages.notAChoice], college_state_3: [answerMessages.notAChoice] },
    });
    expect(await answersOf(client)).toEqual({});
  });

  it('derives a dependent select’s label from the list its controlling answer picks, and leaves an unknown value to submit', async () => {
    const client = await loggedInApplicant(server);
    const campus = campusOptions[0]!.value;
    const program = programOptionsByCampus[campus]![0]!;
    expect((await client.put('/api/answer', { campus_preferrence: campus, applied_major: program.value, applied_major_desc: 'Rocket surgery' })).status).toBe(200);
    expect(await answersOf(client)).toMatchObject({
      campus_preferrence_desc: labelOf(campusOptions, campus),
      applied_major: program.value,
      applied_major_desc: program.label,
    });

    expect((await client.put('/api/answer', { applied_major: 'NOT-A-PROGRAM', applied_major_desc: 'Rocket surgery' })).status).toBe(200);
    const answers = await answersOf(client);
    expect(answers.applied_major).toBe('NOT-A-PROGRAM');
    expect(answers.applied_major_desc).toBeUndefined();
  });
});
