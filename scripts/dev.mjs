// `npm run dev`: the API server (restarted on change by tsx watch) plus Vite with hot reload.
// Vite serves https://localhost:5173 with the server's own self-signed certificate, because MSAL
// refuses to run on a non-secure origin other than plain localhost, and proxies /api, /oidc, /cdn.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const certificate = path.join(dataDir, 'tls', 'localhost-cert.pem');
const key = path.join(dataDir, 'tls', 'localhost-key.pem');
const children = [];

function run(command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) shutdown(code);
  });
  return child;
}

function shutdown(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());

run('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], { DATA_DIR: dataDir });

// The server creates its certificate on first start; Vite needs it before it can listen.
const deadline = Date.now() + 60_000;
while (!existsSync(certificate) || !existsSync(key)) {
  if (Date.now() > deadline) {
    console.error(`dev: no certificate appeared at ${certificate}`);
    shutdown(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
run('npx', ['vite'], { DEV_HTTPS_CERT: certificate, DEV_HTTPS_KEY: key });
