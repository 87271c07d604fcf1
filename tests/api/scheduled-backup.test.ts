import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../backend/platform/log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../backend/backup/manifest';
import { keptBackups, runScheduledBackup, startScheduledBackups, type ScheduledBackupDeps } from '../../backend/backup/scheduled-backup';
import { createMetrics } from '../../backend/metrics/metrics';
import { logCapture } from './support/log-capture';
import { startTestServer, type TestServer } from './support/test-server';

/** Issue 35 item 1: where the jobs run, a backup at the configured hour, the last N kept, failures logged and counted in /metrics. */

const DAY = 24 * 3_600_000;
const metricValue = async (metrics: ReturnType<typeof createMetrics>, name: string) => Number((await metrics.registry.getSingleMetricAsString(name)).match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1]);

describe('the scheduled backup', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { mail: false });
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-scheduled-')), 'backups');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('is taken once a day from its hour (UTC), keeps the last N, and reports each outcome to the log and the metrics', async () => {
    let now = Date.parse('2026-03-01T01:59:00Z');
    const log = logCapture();
    const metrics = createMetrics({ store: server.store, clock: () => now, runsJobs: false, backups: true });
    const deps: ScheduledBackupDeps = {
      schedule: { dir, hour: 2, keep: 2 },
      database: server.database,
      objects: server.objects,
      pgPrograms: server.config.pgPrograms,
      clock: () => now,
      logger: createLogger('info', log.stream),
      onOutcome: metrics.observeBackup,
    };
    expect(await runScheduledBackup(deps)).toBe('not due');
    expect(fs.existsSync(dir)).toBe(false);

    now += 60_000;
    expect(await runScheduledBackup(deps)).toBe('taken');
    expect(fs.existsSync(path.join(dir, 'backup-2026-03-01', MANIFEST_FILE))).toBe(true);
    expect(await metricValue(metrics, 'gradapp_backup_last_success_timestamp_seconds')).toBe(now / 1000);
    now += 3_600_000;
    expect(await runScheduledBackup(deps)).toBe('not due');

    for (let day = 1; day <= 3; day += 1) expect(await runScheduledBackup({ ...deps, clock: () => now + day * DAY })).toBe('taken');
    expect(keptBackups(dir)).toEqual(['backup-2026-03-04', 'backup-2026-03-03']);
    expect(fs.readdirSync(dir).sort()).toEqual(['backup-2026-03-03', 'backup-2026-03-04']);
    expect(log.entries().filter((entry) => entry.msg === 'scheduled backup taken')).toHaveLength(4);

    // A store that cannot be copied: logged, counted, its folder removed so the next check tries again.
    const broken = { ...deps, database: { databaseUrl: null, dataDir: path.join(dir, 'nowhere') }, clock: () => now + 4 * DAY };
    expect(await runScheduledBackup(broken)).toBe('failed');
    expect(fs.existsSync(path.join(dir, 'backup-2026-03-05'))).toBe(false);
    const failure = log.entries().find((entry) => entry.msg?.toString().startsWith('scheduled backup failed'));
    expect(failure).toMatchObject({ level: 50, folder: path.join(dir, 'backup-2026-03-05') });
    expect(await metricValue(metrics, 'gradapp_backup_failures_total')).toBe(1);
    expect(await runScheduledBackup({ ...broken, database: server.database })).toBe('taken');

    // An instance starting reports the newest backup kept.
    const restarted = createMetrics({ store: server.store, clock: () => now, runsJobs: false, backups: true });
    const stop = startScheduledBackups({ ...deps, clock: () => now + 4 * DAY, onOutcome: restarted.observeBackup });
    stop();
    expect(await metricValue(restarted, 'gradapp_backup_last_success_timestamp_seconds')).toBe((now + 4 * DAY) / 1000);
  });
});
