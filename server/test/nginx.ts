import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../db/embedded.ts';
import { makeTempDir } from './test-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The configuration operators install (docs/deploy/nginx/); the test runs this very file. */
export const SITE_CONFIG = path.join(root, 'docs', 'deploy', 'nginx', 'townhall.conf');
const BROTLI_CONFIG = path.join(root, 'docs', 'deploy', 'nginx', 'townhall-brotli.conf');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  /** https://localhost:<port> */
  publicUrl: string;
  port: number;
  /** The throwaway certificate's PEM, for clients to trust. */
  ca: string;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

/** Replaces `example` in `text`, which must be there: the test and the documented file cannot drift apart. */
function swap(text: string, example: string, replacement: string): string {
  if (!text.includes(example)) throw new Error(`${SITE_CONFIG} no longer contains ${JSON.stringify(example)}`);
  return text.split(example).join(replacement);
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port}:\n${output()}`);
}

/**
 * Starts Debian's nginx with docs/deploy/nginx/townhall.conf in front of `upstreams` (ports on
 * 127.0.0.1), with TLS from a throwaway self-signed certificate for localhost, on `port`.
 */
export async function startNginx(options: { port: number; upstreams: number[] }): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX)) {
    throw new Error('nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-filter (.ci/run does)');
  }
  const dir = makeTempDir('townhall-test-nginx-');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );

  let site = fs.readFileSync(SITE_CONFIG, 'utf8');
  site = swap(
    site,
    '    server 127.0.0.1:3000 max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:3001 max_fails=1 fail_timeout=5s;\n',
    options.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(''),
  );
  const redirectPort = await freePort();
  site = swap(site, 'listen 80;\n    listen [::]:80;', `listen 127.0.0.1:${redirectPort};`);
  site = swap(
    site,
    'listen 443 ssl http2;\n    listen [::]:443 ssl http2;',
    `listen 127.0.0.1:${options.port} ssl http2;`,
  );
  site = swap(site, 'server_name townhall.example.com;', 'server_name localhost;');
  site = swap(site, '/etc/letsencrypt/live/townhall.example.com/fullchain.pem', cert);
  site = swap(site, '/etc/letsencrypt/live/townhall.example.com/privkey.pem', key);
  const hasBrotli = fs.existsSync(BROTLI_MODULE);
  site = swap(site, 'include /etc/nginx/snippets/townhall-brotli.conf;', hasBrotli ? `include ${BROTLI_CONFIG};` : '');

  const main = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    ...(hasBrotli ? [`load_module ${BROTLI_MODULE};`] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
    site,
    '}',
    '',
  ].join('\n');
  const config = path.join(dir, 'nginx.conf');
  fs.writeFileSync(config, main);
  const errorLog = path.join(dir, 'error.log');
  const errors = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');

  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', config, '-g', 'daemon off;']);
  const child = spawn(NGINX, ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForPort(options.port, child, () => `${output}${errors()}`);
  return {
    publicUrl: `https://localhost:${options.port}`,
    port: options.port,
    ca: fs.readFileSync(cert, 'utf8'),
    errors,
    stop: async () => {
      if (child.exitCode === null) {
        // fast shutdown: a graceful one (SIGQUIT) waits for open WebSockets, up to their 1 h timeout
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
