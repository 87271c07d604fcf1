import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/support/backend-process';

/** Debian's nginx (`apt-get install -y nginx-light`); NGINX_PATH names another. */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The example site of the README's Deployment section: the one nginx configuration there is. */
export const EXAMPLE_SITE = path.resolve(import.meta.dirname, '../../../docs/deploy/nginx.conf');

/** A text of the example site and what the test puts in its place: it must appear there exactly once. */
export type SiteEdit = readonly [example: string, replacement: string];

export interface Nginx {
  port: number;
  baseUrl: string;
  /** The access log's lines so far (the example's `gradapp` format). */
  accessLog(): string[];
  errorLog(): string;
  /** Stops nginx (SIGQUIT: finish what is in flight, then exit) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground as a child process with a folder of its own (prefix, pid file,
 * logs, temporary paths) on a loopback port (`port`, or a free one): the example site with `edits` applied, inside a
 * main configuration written here. Never the system's configuration, never port 80.
 */
export async function startNginx(edits: readonly SiteEdit[], options: { port?: number; timeoutMs?: number } = {}): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-nginx-'));
  // Worker processes run as an unprivileged user when the master is root: they must reach the temp paths.
  fs.chmodSync(dir, 0o755);
  const port = options.port ?? (await freePort());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const site = applyEdits(fs.readFileSync(EXAMPLE_SITE, 'utf8'), [
    ...edits,
    ['listen 80;', `listen 127.0.0.1:${port};`],
    ['/var/log/nginx/gradapp.access.log', path.join(dir, 'access.log')],
  ]);
  fs.writeFileSync(path.join(dir, 'gradapp.conf'), site);
  const temp = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process on;',
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} info;`,
      'events { worker_connections 256; }',
      'http {',
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${temp('gradapp.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', temp('error.log')];
  const checked = spawnSync(NGINX_PATH, [...args, '-t'], { encoding: 'utf8' });
  if (checked.error) throw new Error(`nginx is missing at ${NGINX_PATH}: install it with "apt-get install -y nginx-light" (or set NGINX_PATH).`);
  if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}`);

  const child = spawn(NGINX_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = (name: string) => (fs.existsSync(temp(name)) ? fs.readFileSync(temp(name), 'utf8') : '');
  const stop = async () => {
    await stopChild(child, exited);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForListener(baseUrl, child, timeoutMs, () => `${stderr}${read('error.log')}`).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    port,
    baseUrl,
    accessLog: () => read('access.log').split('\n').filter(Boolean),
    errorLog: () => read('error.log'),
    stop,
  };
}

function applyEdits(text: string, edits: readonly SiteEdit[]): string {
  let result = text;
  for (const [example, replacement] of edits) {
    const count = result.split(example).length - 1;
    if (count !== 1) throw new Error(`docs/deploy/nginx.conf must contain "${example}" exactly once (found ${count}): the topology test fills it in`);
    result = result.replace(example, () => replacement);
  }
  return result;
}

/** Until nginx accepts a connection (any HTTP answer will do: the upstreams may not be up). */
async function waitForListener(baseUrl: string, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${log()}`);
    try {
      await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${baseUrl} within ${timeoutMs} ms: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGQUIT (nginx's graceful stop), SIGKILL if it has not exited 5 s later. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGQUIT');
  const killLater = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killLater);
}
