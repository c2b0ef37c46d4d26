#!/usr/bin/env node
// `npm run stack`: the whole shop on one machine, using every core (ADR 018):
//   - PostgreSQL (Debian's `postgresql` package) in a data folder of its own, STACK_DIR/postgres,
//     created on the first run; run as the user postgres when this script runs as root;
//   - N shop processes (default: one per core; `--processes N`), each started as `npm start`
//     starts the shop, on its own loopback port from STACK_SHOP_PORT on;
//   - Caddy (Debian's `caddy` package) in front, at SITE_ADDRESS: load-balances the N processes,
//     checks their /readyz, retries a request whose process cannot be reached on another one, and
//     gets a certificate by itself when SITE_ADDRESS is a domain name (deploy/Caddyfile, the same
//     file compose.yaml gives its Caddy).
// A shop process that dies is started again. Ctrl-C (SIGINT) or SIGTERM stops everything, in
// order: Caddy, the shops (each drains its requests), then PostgreSQL.
//
// Settings (environment): SITE_ADDRESS (http://localhost:8080), STACK_DIR (./data/stack),
// STACK_PROCESSES (one per core), STACK_SHOP_PORT (3001), STACK_POSTGRES_PORT (5433),
// CADDY (/usr/bin/caddy). With DATABASE_URL set, that server is used and no PostgreSQL is started.
// Everything else (NODE_ENV, ADMIN_EMAIL, RAZORPAY_*, METRICS_TOKEN, …) is passed to the shops.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApiIfStale } from './lib/api-build.mjs';
import { buildAdminIfStale, buildStorefrontIfStale, root } from './lib/storefront-build.mjs';

const { values: args } = parseArgs({ options: { processes: { type: 'string', short: 'n' } } });
const env = process.env;
const processes = Number(args.processes || env.STACK_PROCESSES || availableParallelism());
if (!Number.isInteger(processes) || processes < 1) fail(`--processes must be a whole number ≥ 1, not ${processes}`);
const siteAddress = env.SITE_ADDRESS || 'http://localhost:8080';

/** The public address of a Caddy site address: as written when it names its scheme, https for a bare domain name. */
function publicUrlOf(address) {
  return /^https?:\/\//.test(address) ? address : `https://${address}`;
}
const stackDir = resolve(env.STACK_DIR || join(root, 'data/stack'));
const firstShopPort = Number(env.STACK_SHOP_PORT || 3001);
const postgresPort = Number(env.STACK_POSTGRES_PORT || 5433);
const caddyBin = env.CADDY || '/usr/bin/caddy';
const asRoot = process.getuid?.() === 0;

function fail(message) {
  console.error(`stack: ${message}`);
  process.exit(1);
}
const say = (message) => console.log(`[stack] ${message}`);

/** Passes a child's output through, each line marked with where it came from. */
function prefixed(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
}

// ---- secrets: made on the first run, kept (owner-readable only) for the next ----
mkdirSync(stackDir, { recursive: true });
// PostgreSQL runs as postgres: it must be able to reach its folder inside this one.
if (asRoot) chmodSync(stackDir, 0o755);
const secretsFile = join(stackDir, 'secrets.json');
const secrets = existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, 'utf8')) : {};
for (const name of ['postgres', 'kapaas', 'session']) secrets[name] ??= randomBytes(24).toString('hex');
writeFileSync(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 });

// ---- PostgreSQL ----
const pgDir = join(stackDir, 'postgres');
const pgData = join(pgDir, 'data');
const pgBin = ['/usr/lib/postgresql']
  .filter(existsSync)
  .flatMap((base) => readdirSync(base).map((version) => join(base, version, 'bin')))
  .filter((bin) => existsSync(join(bin, 'pg_ctl')))
  .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
  .pop();

/** Runs a PostgreSQL program, as the user postgres when we are root (PostgreSQL refuses root). */
function pgRun(program, programArgs) {
  const full = [...(asRoot ? ['runuser', '-u', 'postgres', '--'] : []), join(pgBin, program), ...programArgs];
  // In a session of its own: Ctrl-C in the terminal must not reach PostgreSQL before the shops
  // have drained; the stack stops it last.
  const result = spawnSync('setsid', full, { encoding: 'utf8' });
  if (result.status !== 0) {
    fail(`${program} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`);
  }
  return result.stdout;
}

let postgresStarted = false;
function startPostgres() {
  if (!pgBin) fail('PostgreSQL is not installed: sudo apt-get install -y postgresql');
  mkdirSync(join(pgDir, 'run'), { recursive: true });
  if (asRoot) {
    const postgres = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (postgres.status !== 0) fail('there is no user postgres to run PostgreSQL as (install Debian’s postgresql)');
    const uid = Number(postgres.stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    for (const path of [pgDir, join(pgDir, 'run')]) chownSync(path, uid, gid);
  }
  if (!existsSync(join(pgData, 'PG_VERSION'))) {
    say(`creating the PostgreSQL cluster in ${pgData}`);
    const pwfile = join(pgDir, 'initial-password');
    writeFileSync(pwfile, secrets.postgres, { mode: 0o600 });
    if (asRoot) spawnSync('chown', ['postgres:postgres', pwfile]);
    pgRun('initdb', ['-D', pgData, '-U', 'postgres', '-A', 'scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8']);
    rmSync(pwfile);
  }
  // Enough connections for every shop's pool (10 each) and some for the operator.
  const maxConnections = 20 + processes * 12;
  pgRun('pg_ctl', [
    '-D',
    pgData,
    '-l',
    join(pgDir, 'postgres.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${postgresPort} -k ${join(pgDir, 'run')} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections}`,
    'start',
  ]);
  postgresStarted = true;
  say(`PostgreSQL ${pgBin.split('/').at(-2)} on 127.0.0.1:${postgresPort} (log: ${join(pgDir, 'postgres.log')})`);

  // The shop's own role and database, made once.
  const admin = `postgres://postgres:${secrets.postgres}@127.0.0.1:${postgresPort}/postgres`;
  const psql = (sqlText) =>
    spawnSync(join(pgBin, 'psql'), [admin, '-v', 'ON_ERROR_STOP=1', '-tAc', sqlText], { encoding: 'utf8' });
  const known = psql("SELECT 1 FROM pg_database WHERE datname = 'kapaas'");
  if (known.status !== 0) fail(`could not reach PostgreSQL:\n${known.stderr}`);
  if (known.stdout.trim() !== '1') {
    for (const statement of [
      `CREATE ROLE kapaas LOGIN PASSWORD '${secrets.kapaas}'`,
      'CREATE DATABASE kapaas OWNER kapaas',
    ]) {
      const made = psql(statement);
      if (made.status !== 0) fail(`could not create the shop's database:\n${made.stderr}`);
    }
    say('created the database kapaas');
  }
  return `postgres://kapaas:${secrets.kapaas}@127.0.0.1:${postgresPort}/kapaas`;
}

function stopPostgres() {
  if (!postgresStarted) return;
  postgresStarted = false;
  pgRun('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop']);
  say('PostgreSQL stopped');
}

// ---- the shop processes ----
const shops = [];
let stopping = false;

/** Starts shop `index` as `npm start` does; when it dies it is started again. */
function startShop(index, databaseUrl) {
  const port = firstShopPort + index;
  const slot = shops[index] ?? { index, port, restarts: 0, child: undefined, startedAt: 0 };
  shops[index] = slot;
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    // Its own process group: start.mjs runs the server as its child, and a shop that dies by
    // kill -9 of either must leave nothing behind before it is started again.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(stackDir, 'shop'),
      SESSION_SECRET: env.SESSION_SECRET || secrets.session,
      // Caddy connects from loopback: only its X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
      // Shoppers reach the shop at Caddy's address, not at the process's own port: the links it writes say so.
      PUBLIC_URL: env.PUBLIC_URL || publicUrlOf(siteAddress),
    },
  });
  slot.child = child;
  slot.startedAt = Date.now();
  prefixed(child, `shop ${index + 1}`);
  child.on('exit', (code, signal) => {
    // Whatever start.mjs left running in its group goes with it.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is already empty
    }
    if (stopping) return;
    slot.restarts += 1;
    // A process that keeps dying at start is retried less and less often, up to every 30 s.
    const ranFor = Date.now() - slot.startedAt;
    const delay = ranFor > 30_000 ? 1_000 : Math.min(30_000, 1_000 * 2 ** Math.min(slot.restarts, 5));
    say(
      `shop ${index + 1} (port ${port}) exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) {
        startShop(index, databaseUrl);
        writeState();
      }
    }, delay).unref();
  });
}

// ---- Caddy, with the same Caddyfile as compose.yaml ----
let caddy;
function startCaddy() {
  if (!existsSync(caddyBin)) fail(`Caddy is not installed at ${caddyBin}: sudo apt-get install -y caddy`);
  const caddyHome = join(stackDir, 'caddy');
  mkdirSync(caddyHome, { recursive: true });
  const upstreams = shops.map((shop) => `127.0.0.1:${shop.port}`).join(' ');
  caddy = spawn(caddyBin, ['run', '--config', join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    // Its own process group, as the shops: Ctrl-C reaches the stack, which stops it first.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Certificates and Caddy's own state are kept in STACK_DIR/caddy.
    env: {
      ...env,
      SITE_ADDRESS: siteAddress,
      SHOP_UPSTREAMS: upstreams,
      HOME: caddyHome,
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
    },
  });
  prefixed(caddy, 'caddy');
  caddy.on('exit', (code, signal) => {
    if (stopping) return;
    say(`Caddy exited (${signal ?? `code ${code}`}): stopping the stack`);
    void stop(1);
  });
}

/** What runs where, for operators and for the stack's test. */
function writeState() {
  const state = {
    pid: process.pid,
    siteAddress,
    postgres: env.DATABASE_URL ? null : { port: postgresPort, data: pgData },
    caddy: caddy?.pid ?? null,
    shops: shops.map((shop) => ({ port: shop.port, pid: shop.child?.pid, restarts: shop.restarts })),
  };
  writeFileSync(join(stackDir, 'stack.json'), JSON.stringify(state, null, 2));
}

function exited(child, ms) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

async function stop(status) {
  if (stopping) return;
  stopping = true;
  say('stopping: Caddy, then the shops, then PostgreSQL');
  if (caddy && caddy.exitCode === null) {
    caddy.kill('SIGTERM');
    if (!(await exited(caddy, 10_000))) caddy.kill('SIGKILL');
  }
  await Promise.all(
    shops.map(async ({ child }) => {
      if (!child || child.exitCode !== null) return;
      child.kill('SIGTERM');
      if (!(await exited(child, 15_000))) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }),
  );
  stopPostgres();
  rmSync(join(stackDir, 'stack.json'), { force: true });
  process.exit(status);
}

/**
 * The port Caddy serves SITE_ADDRESS on: the one it names, else 80 for http:// and 443 for the rest
 * (a bare domain name gets HTTPS); `:8080` is a port alone. Of several addresses, the first.
 */
function sitePortOf(address) {
  const first = address.split(/[\s,]+/)[0] ?? '';
  if (first.startsWith(':')) return Number(first.slice(1));
  const url = new URL(/^[a-z]+:\/\//i.test(first) ? first : `https://${first}`);
  return Number(url.port) || (url.protocol === 'http:' ? 80 : 443);
}

/** True while something accepts connections on this loopback port. */
function accepts(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * Waits until Caddy accepts connections at the site's port (it binds on every interface): started
 * is not listening, and a shopper sent there at once was refused. False if Caddy exits, or has not
 * listened within a minute.
 */
async function caddyListening() {
  const port = sitePortOf(siteAddress);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !stopping && caddy.exitCode === null) {
    if (await accepts(port)) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}

async function waitReady() {
  const deadline = Date.now() + 180_000;
  const pending = new Set(shops.map((shop) => shop.port));
  while (pending.size > 0 && Date.now() < deadline && !stopping) {
    for (const port of [...pending]) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) pending.delete(port);
    }
    if (pending.size > 0) await new Promise((done) => setTimeout(done, 500));
  }
  return pending.size === 0;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));
process.on('uncaughtException', (error) => {
  console.error(error);
  void stop(1);
});

// Build once, before N processes would each find the build stale at the same moment.
buildStorefrontIfStale();
buildAdminIfStale();
await buildApiIfStale();
const databaseUrl = env.DATABASE_URL || startPostgres();
say(
  `starting ${processes} shop process${processes === 1 ? '' : 'es'} on ports ${firstShopPort}–${firstShopPort + processes - 1}`,
);
for (let index = 0; index < processes; index += 1) startShop(index, databaseUrl);
writeState();
// Caddy after the shops: its first health checks then find them ready, rather than marking them
// down and answering 503 until the next round.
const ready = await waitReady();
if (!stopping) {
  startCaddy();
  writeState();
  // Ready is said once Caddy accepts connections, not when it was started. A Caddy that exits
  // meanwhile stops the stack, and nothing is said to be ready.
  const listening = await caddyListening();
  if (!stopping) {
    if (!listening) say(`Caddy is not accepting connections at ${siteAddress} yet; see its output above`);
    else if (ready) say(`the shop is ready at ${siteAddress} (Ctrl-C stops it)`);
    else say('not every shop process became ready within 3 minutes; see their logs above');
  }
}
