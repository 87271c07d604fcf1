// Dates on the server: a saved date is a day the calendar has, checked by common/'s one date
// module with the form's own message, and "today" at submission is the institution's day
// (America/New_York), not the server's clock zone; a completion date may be up to a day ahead of
// it, the applicant's own today wherever they are (issue 33, item 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse, SubmitResponse } from '../../common/api';
import { aboutMessages, finalStepsMessages, genericMessages } from '../../common/form/schema';
import { submissionMessages } from '../../backend/applicant/submission-service';
import { completeApplication } from '../../scripts/support/complete-application';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoUtcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

describe.each(dialects)('dates on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('refuses 2026-02-30 and every other day the calendar lacks, with the form’s message, storing nothing', async () => {
    const client = await loggedInApplicant(server);
    for (const day of ['2026-02-30', '2023-02-29', '2026-04-31', '2026-13-01']) {
      const response = await client.put('/api/answer', { first_name: 'Ada', birth_date: day, completion_date: day });
      expect(response.status, day).toBe(400);
      expect(response.body.errors, day).toEqual({
        birth_date: [aboutMessages.birthDateInvalid],
        completion_date: [genericMessages.date("Today's Date")],
      });
    }
    expect((await client.get<ProfileResponse>('/api/profile')).body.answer).toEqual({});
    expect((await client.put('/api/answer', { birth_date: '2024-02-29', completion_date: '2026-02-28' })).status).toBe(200);
  });

  it('keeps a date typed as it was when it is not a day (13/32/88), and submission names it invalid in the form’s words (issue 33, item 2)', async () => {
    const client = await loggedInApplicant(server);
    expect((await client.put('/api/answer', { ...completeApplication(), birth_date: '13/32/88', completion_date: '5//' })).status).toBe(200);
    expect((await client.get<ProfileResponse>('/api/profile')).body.answer).toMatchObject({ birth_date: '13/32/88', completion_date: '5//' });
    expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    const refused = await client.post<SubmitResponse & { errors?: Record<string, string[]> }>('/api/submit', {});
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ birth_date: [aboutMessages.birthDateInvalid], completion_date: [genericMessages.date("Today's Date")] });
  });

  it('judges "today" at submission from New York’s calendar: its day is today, so is the day already begun in UTC and Asia (issue 33, item 7), the one after is not yet', async () => {
    // 03:30 UTC tomorrow: 22:30 or 23:30 today in New York (winter or summer time), already tomorrow in UTC and in Asia.
    const now = Date.now();
    const instant = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS + 3.5 * 60 * 60 * 1000;
    server.advance(instant - now);
    const newYorkDay = isoUtcDay(instant - DAY_MS);
    const utcDay = isoUtcDay(instant);

    const submitWith = async (completionDate: string) => {
      const client: ApiClient = await loggedInApplicant(server);
      const [year, month, day] = newYorkDay.split('-').map(Number) as [number, number, number];
      expect((await client.put('/api/answer', { ...completeApplication(new Date(year, month - 1, day)), completion_date: completionDate })).status).toBe(200);
      expect((await client.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
      expect((await client.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
      return client.post<SubmitResponse & { errors?: Record<string, string[]> }>('/api/submit', {});
    };

    expect(await submitWith(newYorkDay)).toMatchObject({ status: 200, body: { message: submissionMessages.submitted } });
    // An applicant in Tokyo (or anywhere ahead of New York) signs with their own today.
    expect(await submitWith(utcDay)).toMatchObject({ status: 200, body: { message: submissionMessages.submitted } });
    const early = await submitWith(isoUtcDay(instant + DAY_MS));
    expect(early).toMatchObject({ status: 400, body: { message: submissionMessages.incomplete } });
    expect(early.body.errors).toEqual({ completion_date: [finalStepsMessages.completionDateInFuture] });
  });
});
