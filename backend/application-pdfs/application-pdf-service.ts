import type { Logger } from 'pino';
import { fillPath, paramPaths, type ApplicationPdfResponse } from '../../common/api';
import { applicationPdfMessages } from '../../common/application-pdf-messages';
import { applicantNameParts } from '../../common/form/applicant-name';
import type { Clock } from '../platform/clock';
import { HttpError } from '../http/errors';
import type { ObjectStore } from '../storage';
import type { PdfAudience } from '../store/application-pdf-schema';
import { loadApplicationContent, loadPdfContent, type PdfContentStore } from './application-content';
import type { ApplicationPdfRow, ApplicationPdfStore } from './application-pdfs-store';
import { contentFingerprint } from '../application-pdf/fingerprint';
import type { ApplicationContent } from '../application-pdf/print-items';

export interface ApplicationPdfServiceDeps {
  store: PdfContentStore & { applicationPdfs: ApplicationPdfStore };
  objects: ObjectStore;
  clock: Clock;
  logger: Logger;
  /** Told of every generation recorded, so this instance's loop starts it without waiting for its poll. */
  onQueued?: () => void;
}

export interface ApplicationPdfFile {
  bytes: Buffer;
  fileName: string;
}

export const applicationPdfFilePath = (id: string) => fillPath(paramPaths.applicationPdfFile, { id });

/** 'application-Lovelace-Ada.pdf': the applicant's name in plain ASCII, so every browser keeps it. */
export function applicationPdfFileName(content: Pick<ApplicationContent, 'answers'> | null): string {
  const { first, last } = applicantNameParts(content?.answers ?? {});
  const ascii = (part: string) => part.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const name = [ascii(last), ascii(first)].filter(Boolean).join('-').slice(0, 80);
  return name ? `application-${name}.pdf` : 'application.pdf';
}

function responseOf(row: ApplicationPdfRow): ApplicationPdfResponse {
  return { status: row.status, url: row.status === 'COMPLETED' && row.pdf_key ? applicationPdfFilePath(row.id) : null };
}

/**
 * The whole-application PDF (spec platform sections 4 and 7): made off the request path by the
 * job loop, cached until what it is made from changes, downloaded only by its owner. Two are made
 * of each application (issue 28 item 4): the applicant's own, and the office's (`office`: the staff
 * views and exports), which appends the letters of recommendation.
 */
export function createApplicationPdfService({ store, objects, clock, logger, onQueued }: ApplicationPdfServiceDeps) {
  async function fileOf(row: ApplicationPdfRow | null): Promise<ApplicationPdfFile | null> {
    if (!row || row.status !== 'COMPLETED' || !row.pdf_key) return null;
    const [bytes, content] = await Promise.all([objects.get(row.pdf_key), loadApplicationContent(store, row.account_id)]);
    return bytes ? { bytes, fileName: applicationPdfFileName(content) } : null;
  }

  /** The PDF's status for the current content; starts a generation when none is current. */
  async function status(accountId: string, audience: PdfAudience): Promise<ApplicationPdfResponse> {
    const content = await loadPdfContent(store, accountId, audience);
    if (!content) throw new HttpError(404, applicationPdfMessages.notFound);
    const { current, replaced } = await store.applicationPdfs.request(accountId, audience, contentFingerprint(content), clock());
    if (replaced?.pdf_key) {
      await objects.delete(replaced.pdf_key).catch((error: unknown) => logger.warn({ err: error, key: replaced.pdf_key }, 'could not delete an application PDF'));
    }
    if (current.status !== 'COMPLETED') onQueued?.();
    return responseOf(current);
  }

  return {
    status: (accountId: string): Promise<ApplicationPdfResponse> => status(accountId, 'applicant'),

    /** The file at a download url, for its owner only: anyone else gets the same 404 as a url that never was, and so does the office's PDF. */
    async download(accountId: string, id: string): Promise<ApplicationPdfFile> {
      // PostgreSQL refuses a NUL character in a text parameter (a 500): no id holds one.
      const row = id.includes('\u0000') ? null : await store.applicationPdfs.findById(id);
      const file = row?.account_id === accountId && row.audience === 'applicant' ? await fileOf(row) : null;
      if (!file) throw new HttpError(404, applicationPdfMessages.notFound);
      return file;
    },

    /**
     * The applicant's latest finished PDF, or null: for callers that are not the applicant and
     * have checked their own right to it (a service token).
     */
    applicationPdfFor: async (accountId: string): Promise<ApplicationPdfFile | null> => fileOf(await store.applicationPdfs.find(accountId, 'applicant')),

    /** The office's PDF, with the letters: for the staff views and exports, which check their own right to it. */
    office: {
      status: (accountId: string): Promise<ApplicationPdfResponse> => status(accountId, 'office'),
      applicationPdfFor: async (accountId: string): Promise<ApplicationPdfFile | null> => fileOf(await store.applicationPdfs.find(accountId, 'office')),
    },
  };
}

export type ApplicationPdfService = ReturnType<typeof createApplicationPdfService>;
