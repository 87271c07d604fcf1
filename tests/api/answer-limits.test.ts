import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxLengthOf } from '../../common/form/model';
import { formPages } from '../../common/form/pages';
import { FINANCIAL_SUPPORT } from '../../common/form/pages/final-steps/choices';
import { tenant } from '../../common/form/tenant';
import { allQuestions } from '../../common/form/visibility';
import { answerMessages } from '../../backend/applicant/answer-service';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { startTestServer, type TestServer } from './support/test-server';

type Profile = { answer: Record<string, unknown> };

/** The answers that show the conduct explanations and the supporter's tax-return reason. */
const OPENING = {
  conviction: 'Y',
  suspended: 'Y',
  instate_tuition: 'Y',
  maryland_financially_ind_dep: FINANCIAL_SUPPORT.parentOrGuardian,
  maryland_provider_tax_return_filed: 'N',
};
const EXPLANATIONS = ['conviction_comment', 'suspended_comment', 'maryland_provider_tax_return_reason'];

/** Every text area of the form, with the limit its counter shows (issue 17, item 6). */
const textAreas = formPages.flatMap((page) => page.sections.flatMap(allQuestions)).filter((question) => question.widget === 'textarea');

describe.each(dialects)('text area limits on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it("stores an explanation as long as its counter allows, the tenant's limit, and every text area counts to it", async () => {
    expect(textAreas.map((question) => question.key)).toEqual(expect.arrayContaining(EXPLANATIONS));
    for (const question of textAreas) expect(maxLengthOf(question), question.key).toBe(tenant.character_limit);
    const client = await loggedInApplicant(server);
    const full = Object.fromEntries(EXPLANATIONS.map((key) => [key, 'x'.repeat(tenant.character_limit)]));

    const saved = await client.put('/api/answer', { ...OPENING, ...full });
    expect(saved).toMatchObject({ status: 200, body: { message: answerMessages.saved } });
    const stored = (await client.get<Profile>('/api/profile')).body.answer;
    for (const key of EXPLANATIONS) expect(stored[key], key).toBe(full[key]);
  });

  it('refuses one character more than the counter allows, and keeps what was stored', async () => {
    const client = await loggedInApplicant(server);
    const limit = tenant.character_limit;
    await client.put('/api/answer', { ...OPENING, conviction_comment: 'Dismissed.' });
    const long = await client.put('/api/answer', { conviction_comment: 'x'.repeat(limit + 1) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ conviction_comment: [`This answer is longer than the limit of ${limit} characters.`] });
    expect((await client.get<Profile>('/api/profile')).body.answer.conviction_comment).toBe('Dismissed.');
  });
});
