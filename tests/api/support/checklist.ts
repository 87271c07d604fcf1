import { expect } from 'vitest';
import { apiPaths, fillPath, type Answers } from '../../../common/api';
import { staffChecklistPaths } from '../../../common/checklist-api';
import { COLLEGES_BUTTON } from '../../../common/form/pages/education/colleges';
import { suffixedKey } from '../../../common/form/repeat';
import { loggedInApplicant, uniqueEmail } from '../../../scripts/support/accounts';
import { completeApplication } from '../../../scripts/support/complete-application';
import type { TestServer } from './test-server';
import type { SubmittedApplicant } from './recommendations';

/** The answers of a second college, slot 2 (`college_name_2` ...), complete as the rules ask. */
export function secondCollege(name: string): Answers {
  const first = completeApplication();
  const keys = ['college_name', 'college_degree', 'college_major', 'college_degree_month', 'college_degree_year', 'college_attend_from_month', 'college_attend_from_year', 'college_attend_to_month', 'college_attend_to_year'];
  return Object.fromEntries(keys.map((key) => [suffixedKey(key, 2), key === 'college_name' ? name : first[key]!]));
}

/**
 * A complete application (scripts/support/complete-application.ts) with these answers on top,
 * submitted with the Submit button's call, so the checklist's summary and receipt are made as in use.
 */
export async function submittedThroughSubmit(server: TestServer, answers: Answers = {}, username = uniqueEmail('checklist')): Promise<SubmittedApplicant> {
  const client = await loggedInApplicant(server, username);
  const accountId = (await server.store.accounts.findByUsername(username.toLowerCase()))!.id;
  const all = { ...completeApplication(), ...answers };
  expect((await client.put(apiPaths.answer, all)).status).toBe(200);
  const colleges = Object.keys(all).filter((key) => /^college_name(_\d)?$/.test(key)).length;
  expect((await client.put(apiPaths.addAnother, { button_id: COLLEGES_BUTTON.id, num_components: colleges })).status).toBe(200);
  const submitted = await client.post(apiPaths.submit, {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return { client, accountId, username: username.toLowerCase() };
}

export const feePath = (id: string) => fillPath(staffChecklistPaths.fee, { id });
export const transcriptPath = (id: string, slot: string) => fillPath(staffChecklistPaths.transcript, { id, slot });
export const documentPath = (id: string, key: string) => fillPath(staffChecklistPaths.document, { id, key });
export const revokePath = (id: string, request: string) => fillPath(staffChecklistPaths.recommendation, { id, request });
