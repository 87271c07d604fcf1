import { expect } from 'vitest';
import type { Answers } from '../../../common/api';
import { roleKeys } from '../../../common/form/answer-roles';
import { fillPath } from '../../../common/api';
import { recommendationPaths, type ApplicantRecommendation, type RecommendationListResponse, type RecommenderInput } from '../../../common/recommendation-api';
import { loggedInApplicant, uniqueEmail } from '../../../scripts/support/accounts';
import type { ApiClient } from '../../../scripts/support/http-client';
import { recommendLinksTo, waitForMail } from '../../../scripts/support/mail';
import type { TestServer } from './test-server';

export interface SubmittedApplicant {
  client: ApiClient;
  username: string;
  accountId: string;
}

/** The answers the letters read: the name, the program (Computer Science on the main campus takes 3 letters), the e-mail answer and the waiver (not waived). */
export const LETTER_ANSWERS: Answers = {
  [roleKeys.firstName]: 'Ada',
  [roleKeys.lastName]: 'Lovelace',
  [roleKeys.campus]: 'M',
  [roleKeys.program]: 'MSCS',
  [roleKeys.email]: 'ada.home@example.org',
  counselor_request_waiver: 'N',
};

/**
 * An applicant with these answers, submitted as the Submit button records it (the letters are asked
 * for after submission). `mails` reads the confirmation code where the server sends it.
 */
export async function submittedApplicant(server: TestServer, answers: Answers = {}, submit = true, mails: () => string[] | Promise<string[]> = server.outbox): Promise<SubmittedApplicant> {
  const username = uniqueEmail('letters');
  const client = await loggedInApplicant({ baseUrl: server.baseUrl, outbox: mails }, username);
  const accountId = (await server.store.accounts.findByUsername(username))!.id;
  expect((await client.put('/api/answer', { ...LETTER_ANSWERS, ...answers })).status).toBe(200);
  if (submit) expect((await server.store.submissions.submit(accountId, server.clock(), () => ({}))).kind).toBe('submitted');
  return { client, username, accountId };
}

export function recommender(label = 'recommender'): RecommenderInput {
  return { name: 'Grace Hopper', email: uniqueEmail(label), relationship: 'Thesis advisor' };
}

export const requestPath = (id: string) => fillPath(recommendationPaths.applicantRequest, { id });
export const resendPath = (id: string) => fillPath(recommendationPaths.applicantResend, { id });
export const viewPath = (token: string) => fillPath(recommendationPaths.recommender, { token });
export const openedPath = (token: string) => fillPath(recommendationPaths.recommenderOpened, { token });
export const letterPath = (token: string) => fillPath(recommendationPaths.recommenderLetter, { token });

/** A submitted applicant with these answers and one recommender named: the request and the recommender's mailed token. */
export async function invitedRecommender(server: TestServer, answers: Answers = {}): Promise<SubmittedApplicant & { request: ApplicantRecommendation; token: string }> {
  const applicant = await submittedApplicant(server, answers);
  const input = recommender();
  const request = await nameRecommender(applicant.client, input);
  return { ...applicant, request, token: await mailedToken(server, input.email) };
}

/** Names a recommender; the request as the applicant sees it. */
export async function nameRecommender(client: ApiClient, input: RecommenderInput): Promise<ApplicantRecommendation> {
  const response = await client.post<ApplicantRecommendation>(recommendationPaths.applicantList, input);
  expect(response.status).toBe(201);
  return response.body;
}

export async function listOf(client: ApiClient): Promise<RecommendationListResponse> {
  const response = await client.get<RecommendationListResponse>(recommendationPaths.applicantList);
  expect(response.status).toBe(200);
  return response.body;
}

/** The tokens of the links mailed to the address so far, oldest first. */
export function linksTo(mails: string[], address: string, origin: string): string[] {
  return recommendLinksTo(mails, address, origin).map((link) => link.token);
}

/** The token of the `count`-th link mailed to the address (1 = the first), once it has arrived. */
export async function mailedToken(server: TestServer, address: string, count = 1): Promise<string> {
  return waitForMail(server.outbox, (mails) => {
    const links = linksTo(mails, address, server.baseUrl);
    if (links.length < count) throw new Error(`${links.length} of ${count} links mailed to ${address}`);
    return links[count - 1]!;
  });
}
