import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupItem, LookupRecord } from '../../common/api';
import { importLookupCsv } from '../../backend/lookups/csv-import';
import { lookupMessages } from '../../backend/lookups/lookup-service';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/** A small known set; the package data is tested once, in lookups-import.test.ts. */
const COLLEGES = `code,name,address_line_1,city,state,zip,country
5808,University of Maryland,,College Park,MD,20742,USA
5835,"University of Maryland, Baltimore County",1000 Hilltop Circle,Baltimore,MD,21250,USA
5400,University of Maryland Eastern Shore,,Princess Anne,Maryland,21853,US
9001,University System of Maryland,,Adelphi,MD,20783,USA
5370,Loyola University Maryland,,Baltimore,MD,21210,USA
5598,St. Mary's College of Maryland,,St. Mary's City,MD,20686,USA
5840,University of Mary Washington,,Fredericksburg,VA,22401,USA
5417,Marymount University,,Arlington,VA,22207,USA
0935,Université de Montréal,,Montréal,QC,H3T 1J4,CAN
0936,Université du Québec à Montréal,,Montréal,Quebec,,Canada
7001,Universidad de Buenos Aires,,Buenos Aires,,,AR
7002,University of Oxford,,,,,GB
9002,Maryland University of Integrative Health,,Laurel,MD,20723,USA
`;

const HIGH_SCHOOLS = `code,name,city,state,zip,country
210080,Baltimore Polytechnic Institute,Baltimore,MD,21209,USA
`;

const ADDRESSES = `city,state,zip,country
Baltimore,MD,21201,USA
Baltimore,MD,21202,USA
Towson,MD,21204,USA
Baltimore,MD,21230,USA
Baltimore,OH,43105,USA
Baltic,CT,06330,USA
College Park,MD,20742,USA
New York,NY,10001,USA
`;

describe.each(dialects)('GET /lookup/find on %s', (dialect) => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const options = { replace: true, source: 'test', now: Date.now() };
    await importLookupCsv(server.store, 'college_ceeb', COLLEGES, options);
    await importLookupCsv(server.store, 'hs_ceeb', HIGH_SCHOOLS, options);
    await importLookupCsv(server.store, 'address', ADDRESSES, options);
    // No session: lookups are public, so that visitors get suggestions too.
    client = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  const find = <T = LookupItem[]>(params: Record<string, string>) => client.get<T>(`/lookup/find?${new URLSearchParams(params)}`);
  const search = async (category: string, text: string, extra: Record<string, string> = {}) => {
    const response = await find({ text, category, ...extra });
    expect(response.status).toBe(200);
    return response.body;
  };
  const texts = (items: LookupItem[]) => items.map((item) => item.text);

  describe('search', () => {
    it('ranks the exact name first, then names starting with the text, then names starting with its first word, then the rest', async () => {
      expect(texts(await search('college_ceeb', 'University of Maryland'))).toEqual([
        'University of Maryland',
        'University of Maryland Eastern Shore',
        'University of Maryland, Baltimore County',
        'University System of Maryland',
        'Maryland University of Integrative Health',
      ]);
    });

    it('matches word prefixes anywhere in the name: every word typed must begin a word of the name', async () => {
      const items = await search('college_ceeb', 'univ mary');
      expect(items[0]!.text).toBe('University of Maryland');
      expect(items).toHaveLength(5);
      for (const item of items) expect(item.text).toMatch(/Univ.*Mary|Mary.*Univ/);
      expect(texts(await search('college_ceeb', 'eastern shore'))).toEqual(['University of Maryland Eastern Shore']);
      expect(texts(await search('college_ceeb', 'balt county mary'))).toEqual(['University of Maryland, Baltimore County']);
      expect(await search('college_ceeb', 'univ narnia')).toEqual([]);
      // "aryland" is inside a word, not at its start.
      expect(await search('college_ceeb', 'aryland')).toEqual([]);
    });

    it('ignores case, accents and punctuation', async () => {
      expect(texts(await search('college_ceeb', 'universite de montreal'))[0]).toBe('Université de Montréal');
      expect(texts(await search('college_ceeb', 'UNIVERSITÉ DU QUÉBEC'))).toEqual(['Université du Québec à Montréal']);
      expect(texts(await search('college_ceeb', 'st marys'))).toEqual(["St. Mary's College of Maryland"]);
      expect(texts(await search('college_ceeb', "St. Mary's col"))).toEqual(["St. Mary's College of Maryland"]);
    });

    it('labels schools "City, ST", or with the country when there is no city', async () => {
      expect(await search('college_ceeb', 'university of maryland eastern')).toEqual([
        { text: 'University of Maryland Eastern Shore', id: expect.stringMatching(/^\d+$/), sub_text: 'Princess Anne, MD' },
      ]);
      expect((await search('college_ceeb', 'montreal'))[0]!.sub_text).toBe('Montréal, QC');
      expect((await search('college_ceeb', 'oxford'))[0]!.sub_text).toBe('United Kingdom');
      expect((await search('college_ceeb', 'buenos'))[0]!.sub_text).toBe('Buenos Aires, Argentina');
    });

    it('answers 5 results at most, fewer when asked', async () => {
      expect(await search('college_ceeb', 'univ')).toHaveLength(5);
      expect(await search('college_ceeb', 'univ', { max_results: '50' })).toHaveLength(5);
      expect(await search('college_ceeb', 'univ', { max_results: '2' })).toHaveLength(2);
      expect(texts(await search('college_ceeb', 'univ', { max_results: '2' }))).toEqual(texts(await search('college_ceeb', 'univ')).slice(0, 2));
    });

    it('keeps the categories apart', async () => {
      expect(texts(await search('hs_ceeb', 'baltimore poly'))).toEqual(['Baltimore Polytechnic Institute']);
      expect(await search('college_ceeb', 'baltimore poly')).toEqual([]);
      expect(await search('address', 'university')).toEqual([]);
    });

    it('suggests "City, ST ZIP" addresses for part of a ZIP code, in ZIP order', async () => {
      expect(await search('address', '2120')).toEqual([
        { text: 'Baltimore, MD 21201', id: expect.stringMatching(/^\d+$/), sub_text: 'Maryland, United States' },
        { text: 'Baltimore, MD 21202', id: expect.stringMatching(/^\d+$/), sub_text: 'Maryland, United States' },
        { text: 'Towson, MD 21204', id: expect.stringMatching(/^\d+$/), sub_text: 'Maryland, United States' },
      ]);
      expect(texts(await search('address', '21230'))).toEqual(['Baltimore, MD 21230']);
    });

    it('suggests addresses for part of a city name, with state abbreviation or name to narrow it', async () => {
      expect(texts(await search('address', 'balt'))).toEqual([
        'Baltic, CT 06330',
        'Baltimore, MD 21201',
        'Baltimore, MD 21202',
        'Baltimore, MD 21230',
        'Baltimore, OH 43105',
      ]);
      expect(texts(await search('address', 'baltimore oh'))).toEqual(['Baltimore, OH 43105']);
      expect(texts(await search('address', 'baltimore ohio'))).toEqual(['Baltimore, OH 43105']);
      expect(texts(await search('address', 'college park'))).toEqual(['College Park, MD 20742']);
    });

    it('answers an empty list for text with no letters or digits', async () => {
      expect(await search('college_ceeb', '!!! --')).toEqual([]);
    });
  });

  describe('detail', () => {
    async function idOf(category: string, text: string): Promise<string> {
      const [first] = await search(category, text);
      expect(first?.text).toBe(text);
      return first!.id;
    }

    it('answers a school in the answer model format: code, full state name, alpha-3 country', async () => {
      const id = await idOf('college_ceeb', 'University of Maryland, Baltimore County');
      const response = await find<LookupRecord>({ id, category: 'college_ceeb' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        name: 'University of Maryland, Baltimore County',
        code: '5835',
        address_line_1: '1000 Hilltop Circle',
        city: 'Baltimore',
        state: 'Maryland',
        zip: '21250',
        country: 'USA',
      });
      const montreal = await find<LookupRecord>({ id: await idOf('college_ceeb', 'Université du Québec à Montréal'), category: 'college_ceeb' });
      expect(montreal.body).toEqual({ name: 'Université du Québec à Montréal', code: '0936', city: 'Montréal', state: 'Quebec', zip: '', country: 'CAN' });
    });

    it('answers an address with city, state, ZIP and country, and no street when the data has none', async () => {
      const id = await idOf('address', 'Baltimore, MD 21201');
      const response = await find<LookupRecord>({ id, category: 'address' });
      expect(response).toMatchObject({ status: 200, body: { city: 'Baltimore', state: 'Maryland', zip: '21201', country: 'USA' } });
      expect(response.body).not.toHaveProperty('address_line_1');
      expect(response.body).not.toHaveProperty('name');
    });

    it('answers 404 with a message for an id that is unknown, malformed or of another category', async () => {
      // Ids count per category: the one high school has id 1, no college from the second on is one.
      const schoolId = await idOf('college_ceeb', 'University of Oxford');
      expect(schoolId).not.toBe('1');
      for (const [id, category] of [
        ['999999', 'college_ceeb'],
        ['abc', 'college_ceeb'],
        ['-1', 'college_ceeb'],
        ['99999999999999999999', 'college_ceeb'],
        [schoolId, 'hs_ceeb'],
      ] as const) {
        const response = await find({ id, category });
        expect(response.status, `${id} in ${category}`).toBe(404);
        expect(response.body).toEqual({ message: lookupMessages.notFound });
      }
    });
  });

  describe('bad requests', () => {
    const bad: [string, string, string][] = [
      ['no parameters', '', lookupMessages.categoryMissing],
      ['no category', 'text=univ', lookupMessages.categoryMissing],
      ['an empty category', 'text=univ&category=', lookupMessages.categoryMissing],
      ['an unknown category', 'text=univ&category=colleges', lookupMessages.categoryUnknown],
      ['neither text nor id', 'category=college_ceeb', lookupMessages.textOrIdMissing],
      ['both text and id', 'category=college_ceeb&text=univ&id=1', lookupMessages.textAndId],
      ['an empty text', 'category=college_ceeb&text=', lookupMessages.textEmpty],
      ['a blank text', 'category=college_ceeb&text=%20%20', lookupMessages.textEmpty],
      ['an over-long text', `category=college_ceeb&text=${'a'.repeat(101)}`, lookupMessages.textTooLong],
      ['a word for max_results', 'category=college_ceeb&text=univ&max_results=five', lookupMessages.maxResultsInvalid],
      ['max_results 0', 'category=college_ceeb&text=univ&max_results=0', lookupMessages.maxResultsInvalid],
      ['a negative max_results', 'category=college_ceeb&text=univ&max_results=-1', lookupMessages.maxResultsInvalid],
      ['a fractional max_results', 'category=college_ceeb&text=univ&max_results=2.5', lookupMessages.maxResultsInvalid],
      ['an empty max_results', 'category=college_ceeb&text=univ&max_results=', lookupMessages.maxResultsInvalid],
      ['an empty id', 'category=college_ceeb&id=', lookupMessages.idEmpty],
      ['a repeated text', 'category=college_ceeb&text=a&text=b', lookupMessages.repeated('text')],
      ['a repeated category', 'category=college_ceeb&category=address&text=a', lookupMessages.repeated('category')],
    ];

    it.each(bad)('answers 400 with a message for %s', async (_, query, message) => {
      const response = await client.get(`/lookup/find?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    });

    it('takes a text of exactly 100 characters, and odd bytes, without failing (a NUL is refused)', async () => {
      expect((await find({ category: 'college_ceeb', text: 'u'.repeat(100) })).status).toBe(200);
      for (const text of ['%E0%A4%A', '%F0%9F%98%80', '%ED%A0%80', "'%20or%201=1--", '%25_%5C']) {
        const response = await client.get(`/lookup/find?category=college_ceeb&text=${text}`);
        expect(response.status, text).toBe(200);
      }
      // A control character is not text (issue 24): refused, naming the parameter.
      const nul = await client.get('/lookup/find?category=college_ceeb&text=%00');
      expect(nul.status).toBe(400);
      expect(nul.body.errors).toEqual({ text: ['text contains a character that is not allowed.'] });
    });

    it('refuses other methods', async () => {
      const response = await client.post('/lookup/find?category=college_ceeb&text=univ', {});
      expect(response.status).toBe(405);
      expect(typeof response.body.message).toBe('string');
    });
  });
});
