import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { staffPaths } from '../../common/staff-api';
import { clientAddress } from '../http/client-address';
import type { AccessLog } from '../access-log/access-log';
import type { ApplicationPdfService } from '../application-pdfs/application-pdf-service';
import { csvExport, jsonExport, parseExportQuery, pdfZipExport, type ExportRequest } from './exports';
import { requireRole } from '../security/require-role';
import type { StaffExportStore } from './exports-store';

/** Exports of the submitted applications for the office's systems (admin role), streamed. Behind requireStaff. */
export function staffExportRoutes(store: { staffExports: StaffExportStore }, accessLog: AccessLog, pdfs: Pick<ApplicationPdfService, 'status' | 'applicationPdfFor'>): Router {
  const router = new Router();

  async function send(ctx: Context, format: 'csv' | 'json' | 'zip', make: (request: ExportRequest) => AsyncGenerator<string | Buffer>): Promise<void> {
    const request = parseExportQuery(ctx.query);
    const columns = format === 'csv' && ctx.query.columns ? ` columns ${request.columns.length}` : '';
    await accessLog.staff(ctx.state.staff!, 'export', { detail: `${format} ${request.from} to ${request.to}${columns}`, address: clientAddress(ctx) });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${format === 'zip' ? 'application-pdfs' : 'applications'}-${request.from}-to-${request.to}.${format}"`);
    ctx.type = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8', zip: 'application/zip' }[format];
    // Readable.from pulls the next lines only as the client takes them: memory stays bounded.
    ctx.body = Readable.from(make(request));
  }

  router.get(staffPaths.exportCsv, requireRole('admin'), (ctx) => send(ctx, 'csv', (request) => csvExport(store, request)));
  router.get(staffPaths.exportJson, requireRole('admin'), (ctx) => send(ctx, 'json', (request) => jsonExport(store, request)));
  router.get(staffPaths.exportPdfs, requireRole('admin'), (ctx) => send(ctx, 'zip', (request) => pdfZipExport(store, pdfs, request)));
  return router;
}
