import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type LookupItem, type LookupRecord } from '../../common/api';
import { seedLookups } from '../../backend/lookups/seed';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The school search over the data a fresh server seeds (issue 17, item 4): a US college answers
 * with its street, city, state and ZIP code (IPEDS); no default school has a code.
 */
describe.each(dialects)('GET /lookup/find over the seeded colleges on %s', (dialect) => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedLookups(server.store);
    client = new ApiClient(server.baseUrl);
  }, 120_000);
  afterAll(() => server?.close());

  async function search(text: string): Promise<LookupItem[]> {
    const response = await client.get<LookupItem[]>(`${apiPaths.lookupFind}?${new URLSearchParams({ text, category: 'college_ceeb' })}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  async function detail(item: LookupItem): Promise<LookupRecord> {
    const response = await client.get<LookupRecord>(`${apiPaths.lookupFind}?${new URLSearchParams({ id: item.id, category: 'college_ceeb' })}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  it('suggests Towson University once, as "Towson, MD", and answers its street, city, state, ZIP code and country, with no code', async () => {
    const items = await search('Towson Univ');
    expect(items[0]).toMatchObject({ text: 'Towson University', sub_text: 'Towson, MD' });
    expect(items.filter((item) => item.text === 'Towson University')).toHaveLength(1);
    expect(await detail(items[0]!)).toEqual({
      name: 'Towson University',
      address_line_1: '8000 York Rd',
      city: 'Towson',
      state: 'Maryland',
      zip: '21252-0001',
      country: 'USA',
    });
  });

  it('answers no street for a college IPEDS gives none, so the street typed is the applicant\'s', async () => {
    const auburn = (await search('auburn university')).find((item) => item.text === 'Auburn University');
    expect(await detail(auburn!)).toEqual({ name: 'Auburn University', city: 'Auburn', state: 'Alabama', zip: '36849', country: 'USA' });
  });

  it('answers the District of Columbia and a New England ZIP code in the answer model format', async () => {
    const [georgetown] = await search('georgetown university');
    expect(georgetown).toMatchObject({ text: 'Georgetown University', sub_text: 'Washington, DC' });
    expect(await detail(georgetown!)).toMatchObject({ address_line_1: '37th and O St NW', state: 'District of Columbia', country: 'USA' });

    const [uconn] = await search('university of connecticut');
    expect(await detail(uconn!)).toMatchObject({ name: 'University of Connecticut', address_line_1: '352 Mansfield Road', city: 'Storrs', state: 'Connecticut', zip: '06269' });
  });

  it('tells colleges of one name apart by their place', async () => {
    const union = (await search('union college')).filter((item) => item.text === 'Union College');
    expect(union.map((item) => item.sub_text).sort()).toEqual(['Barbourville, KY', 'Lincoln, NE', 'Schenectady, NY']);
  });

  it('still finds schools abroad by name, with their country', async () => {
    const [montreal] = await search('universite de montreal');
    expect(montreal).toMatchObject({ text: 'Université de Montréal', sub_text: 'Canada' });
    expect(await detail(montreal!)).toEqual({ name: 'Université de Montréal', city: '', state: '', zip: '', country: 'CAN' });
  });
});
