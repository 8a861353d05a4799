import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The proxy configuration kept in the repository (docs/deployment.md). */
export const nginxTemplate = 'deploy/nginx/platform.conf.template';

export interface TestNginx {
  url: string;
  /** The last lines of its error log (refused connections, instances taken out, no live upstreams). */
  errorLog(lines?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts nginx (the Debian package; .ci/run installs it) with the repository's configuration rendered
 * for `upstreams` (host:port of each instance), terminating TLS on a free port with the given
 * certificate. Its own prefix directory keeps pid, logs and temporary files away from the system's.
 */
export async function startNginx(options: {
  port: number;
  upstreams: string[];
  certificatePath: string;
  keyPath: string;
}): Promise<TestNginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'dpp-nginx-'));
  const errorLogPath = path.join(prefix, 'error.log');
  // Worker processes run as an unprivileged user when nginx starts as root: they need the temp paths.
  await chmod(prefix, 0o777);
  const site = renderTemplate(await readFile(nginxTemplate, 'utf8'), {
    LISTEN_PORT: `127.0.0.1:${options.port}`,
    SERVER_NAME: 'localhost',
    TLS_CERTIFICATE: options.certificatePath,
    TLS_KEY: options.keyPath,
    UPSTREAM_SERVERS: options.upstreams
      .map((upstream) => `server ${upstream} max_fails=1 fail_timeout=5s;`)
      .join('\n    '),
  });
  await writeFile(path.join(prefix, 'platform.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${errorLogPath} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${path.join(prefix, 'platform.conf')};`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    'nginx',
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await listening(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url: `https://localhost:${options.port}`,
    async errorLog(lines = 30) {
      const log = await readFile(errorLogPath, 'utf8').catch(() => '');
      return log.trimEnd().split('\n').slice(-lines).join('\n');
    },
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

/** Fills `${NAME}` placeholders (nginx's own `$variables` have no braces and stay). */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for ${whole} in ${nginxTemplate}`);
    return value;
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
