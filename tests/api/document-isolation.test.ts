import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../common/api';
import { answerFields } from '../../common/form/model';
import { conversionMessages } from '../../backend/documents/conversion-error';
import { heavyDocx, hostilePngs, smallJpeg, smallPng, zipBombDocx } from '../../scripts/support/documents';
import { pdfEndsAtLastEof } from '../support/pdf-bytes';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { CONVERSION_END_BOUND_MS, convertThroughApi } from '../../scripts/support/uploads';

const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;

/** A JPEG carrying an applicant's private text in a comment segment, which pdfkit copies into the PDF as it is. */
function jpegWithComment(text: string): Buffer {
  const jpeg = smallJpeg();
  const comment = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

describe.each(dialects)('one applicant’s document never reaches another’s on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { conversions: true });
  });
  afterAll(() => server.close());

  const finalStatus = (client: ApiClient, bytes: Buffer, fileName: string) => convertThroughApi(server, client, UPLOAD_KEY, bytes, fileName);

  async function convertedPdf(client: ApiClient, bytes: Buffer, fileName: string): Promise<Buffer> {
    const final = await finalStatus(client, bytes, fileName);
    if (final.status !== 'COMPLETED') throw new Error(`the conversion of ${fileName} ended ${JSON.stringify(final)}`);
    const username = (await client.get<ProfileResponse>('/api/profile')).body.username;
    const accountId = (await server.store.accounts.findByUsername(username))!.id;
    const job = (await server.store.conversions.find(accountId, UPLOAD_KEY))!;
    return (await server.objects.get(job.pdf_key!))!;
  }

  it("stores exactly each conversion's own PDF: applicant B's never holds applicant A's text", async () => {
    const first = await loggedInApplicant(server);
    const second = await loggedInApplicant(server);
    for (let round = 1; round <= 3; round += 1) {
      const marker = `APPLICANT-A-SSN-078-05-112${round}`;
      const mine = await convertedPdf(first, jpegWithComment(marker), 'resume.jpg');
      expect(mine.includes(marker)).toBe(true);
      const theirs = await convertedPdf(second, smallPng(), 'scan.png');
      for (const pdf of [mine, theirs]) {
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdfEndsAtLastEof(pdf)).toBe(true);
      }
      expect(theirs.includes(marker)).toBe(false);
    }
  });

  it('fails hostile files with a message, in their sandbox, while this server and the next conversion go on', async () => {
    const client = await loggedInApplicant(server);
    const { hugeTextChunk, hugeImageData } = hostilePngs();
    const hostile = [
      { name: 'text.png', bytes: hugeTextChunk, message: conversionMessages.imageDamaged },
      { name: 'data.png', bytes: hugeImageData, message: conversionMessages.imageDamaged },
      { name: 'bomb.docx', bytes: zipBombDocx(), message: conversionMessages.docxTooLarge },
      // Within the limits of the package check, but past the sandbox's time or memory.
      { name: 'heavy.docx', bytes: heavyDocx(), message: null },
    ];
    for (const file of hostile) {
      const final = await finalStatus(client, file.bytes, file.name);
      expect(final.status, file.name).toBe('FAILED');
      if (file.message) expect(final.message).toBe(file.message);
      else expect([conversionMessages.timedOut, conversionMessages.docxTooLarge, conversionMessages.tooManyPages(200)]).toContain(final.message);
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    }
    expect((await convertedPdf(client, smallPng(), 'scan.png')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // heavy.docx meets a limit of processor time: on a loaded machine that is much more wall-clock
    // time, so the test waits for the job's end (convertThroughApi, bounded by the sandbox's own
    // backstop), with the other files' time beside it.
  }, CONVERSION_END_BOUND_MS + 30_000);
});
