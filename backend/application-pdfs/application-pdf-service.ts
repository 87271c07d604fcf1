import type { Logger } from 'pino';
import { fillPath, paramPaths, type ApplicationPdfResponse } from '../../common/api';
import { applicationPdfMessages } from '../../common/application-pdf-messages';
import { roleKeys } from '../../common/form/answer-roles';
import type { Clock } from '../platform/clock';
import { HttpError } from '../http/errors';
import type { ObjectStore } from '../storage';
import { type ApplicationContentStore, loadApplicationContent } from './application-content';
import type { ApplicationPdfRow, ApplicationPdfStore } from './application-pdfs-store';
import { contentFingerprint } from '../application-pdf/fingerprint';
import type { ApplicationContent } from '../application-pdf/print-items';

export interface ApplicationPdfServiceDeps {
  store: ApplicationContentStore & { applicationPdfs: ApplicationPdfStore };
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
  const part = (key: string) => {
    const value = content?.answers[key];
    return typeof value === 'string' ? value.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') : '';
  };
  const name = [part(roleKeys.lastName), part(roleKeys.firstName)].filter(Boolean).join('-').slice(0, 80);
  return name ? `application-${name}.pdf` : 'application.pdf';
}

function responseOf(row: ApplicationPdfRow): ApplicationPdfResponse {
  return { status: row.status, url: row.status === 'COMPLETED' && row.pdf_key ? applicationPdfFilePath(row.id) : null };
}

/**
 * The whole-application PDF (spec platform sections 4 and 7): made off the request path by the
 * job loop, cached until what it is made from changes, downloaded only by its owner.
 */
export function createApplicationPdfService({ store, objects, clock, logger, onQueued }: ApplicationPdfServiceDeps) {
  async function fileOf(row: ApplicationPdfRow | null): Promise<ApplicationPdfFile | null> {
    if (!row || row.status !== 'COMPLETED' || !row.pdf_key) return null;
    const [bytes, content] = await Promise.all([objects.get(row.pdf_key), loadApplicationContent(store, row.account_id)]);
    return bytes ? { bytes, fileName: applicationPdfFileName(content) } : null;
  }

  return {
    /** The PDF's status for the current content; starts a generation when none is current. */
    async status(accountId: string): Promise<ApplicationPdfResponse> {
      const content = await loadApplicationContent(store, accountId);
      if (!content) throw new HttpError(404, applicationPdfMessages.notFound);
      const { current, replaced } = await store.applicationPdfs.request(accountId, contentFingerprint(content), clock());
      if (replaced?.pdf_key) {
        await objects.delete(replaced.pdf_key).catch((error: unknown) => logger.warn({ err: error, key: replaced.pdf_key }, 'could not delete an application PDF'));
      }
      if (current.status !== 'COMPLETED') onQueued?.();
      return responseOf(current);
    },

    /** The file at a download url, for its owner only: anyone else gets the same 404 as a url that never was. */
    async download(accountId: string, id: string): Promise<ApplicationPdfFile> {
      // PostgreSQL refuses a NUL character in a text parameter (a 500): no id holds one.
      const row = id.includes('\u0000') ? null : await store.applicationPdfs.findById(id);
      const file = row?.account_id === accountId ? await fileOf(row) : null;
      if (!file) throw new HttpError(404, applicationPdfMessages.notFound);
      return file;
    },

    /**
     * The applicant's latest finished PDF, or null: for callers that are not the applicant and
     * have checked their own right to it (a staff service token).
     */
    applicationPdfFor: async (accountId: string): Promise<ApplicationPdfFile | null> => fileOf(await store.applicationPdfs.find(accountId)),
  };
}

export type ApplicationPdfService = ReturnType<typeof createApplicationPdfService>;
