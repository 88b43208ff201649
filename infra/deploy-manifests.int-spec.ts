// The deployment manifests agree with libs/config: every env key an app gets is a key of its schema,
// every required key is set, and the wiring (ports, probes, services, ingress) holds together.
// Renders with the real tools: `docker-compose config` and `kubectl kustomize`.
// Run: node tools/test.mjs int infra
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { appSchemas, loadConfig, ConfigError } from '@metatag/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// ------------------------------------------------------------------------------------------ schemas

interface FieldLike {
  safeParse(value: unknown): { success: boolean };
}
interface SchemaLike {
  shape: Record<string, FieldLike>;
}

/** Deployable apps; standalone is the single-process mode and never deployed. */
const APPS = ['gateway', 'auth', 'templates', 'chiplinks', 'relayer', 'deployer', 'indexer'] as const;
type App = (typeof APPS)[number];
const INFRA_SERVICES = ['postgres', 'redis', 'nats', 'anvil', 'minio', 'mailpit', 'otel-collector'] as const;

/** The app's schema in libs/config (the indexer's is what its launcher validates before starting Ponder). */
function schemaOf(app: App): SchemaLike | undefined {
  return (appSchemas as unknown as Record<string, SchemaLike | undefined>)[app];
}

function schemaKeys(schema: SchemaLike): { all: Set<string>; required: string[] } {
  const all = new Set(Object.keys(schema.shape));
  const required = [...all].filter((key) => !schema.shape[key].safeParse(undefined).success);
  return { all, required };
}

/** Env keys outside the schema and required keys that are missing, in one readable assertion. */
function assertEnvMatchesSchema(where: string, app: App, keys: Iterable<string>): void {
  const schema = schemaOf(app);
  const set = new Set(keys);
  if (!schema) {
    assert.ok(set.has('DATABASE_URL'), `${where}: ${app} has no DATABASE_URL`);
    return;
  }
  const { all, required } = schemaKeys(schema);
  const unknown = [...set].filter((key) => !all.has(key)).sort();
  const missing = required.filter((key) => !set.has(key)).sort();
  assert.deepEqual(
    unknown,
    [],
    `${where}: ${app} sets keys its libs/config schema lacks: ${unknown.join(', ')}`,
  );
  assert.deepEqual(missing, [], `${where}: ${app} misses required keys: ${missing.join(', ')}`);
}

/** The values themselves must pass the app's schema (URLs, enums, secret length). */
function assertEnvLoads(where: string, app: App, env: Record<string, string>): void {
  const schema = schemaOf(app);
  if (!schema) return;
  try {
    loadConfig(app, schema as unknown as Parameters<typeof loadConfig>[1], env);
  } catch (error) {
    if (error instanceof ConfigError) assert.fail(`${where}: ${error.message}`);
    throw error;
  }
}

test('every deployable app has a libs/config schema', () => {
  for (const app of APPS) {
    assert.ok(schemaOf(app), `appSchemas has no ${app}`);
  }
});

// ------------------------------------------------------------------------------------------ tools

function run(tool: string, args: string[], install: string): string {
  const result = spawnSync(tool, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    assert.fail(`${tool} is not installed, so the manifests cannot be rendered. Install it: ${install}`);
  }
  if (result.error) throw result.error;
  assert.equal(result.status, 0, `${tool} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

const once = <T>(make: () => T): (() => T) => {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
};

// ------------------------------------------------------------------------------------------ Dockerfile

test('infra/Dockerfile: a build stage and one non-root target per app', () => {
  const text = readFileSync(join(root, 'infra/Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = new Map<string, { from: string; lines: string[] }>();
  let current: string[] | undefined;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)/i.exec(line);
    if (from) {
      current = [];
      stages.set(from[2], { from: from[1], lines: current });
    } else if (line && !line.startsWith('#')) current?.push(line);
  }
  const build = stages.get('build');
  assert.ok(build, 'no build stage');
  assert.match(text, /ARG NODE_IMAGE=node:20-bookworm-slim/);
  assert.ok(
    build.lines.some((l) => /\bnpm ci\b/.test(l)),
    'build stage does not run npm ci',
  );
  assert.ok(
    build.lines.some((l) => /\bnpm run build\b/.test(l)),
    'build stage does not run npm run build',
  );

  const runtime = stages.get('runtime');
  assert.ok(runtime, 'no shared runtime stage');
  assert.ok(
    runtime.lines.some((l) => /^ENV\b.*\bNODE_ENV=production\b/.test(l)),
    'runtime lacks NODE_ENV=production',
  );
  const user = runtime.lines.find((l) => /^USER\s/.test(l));
  assert.ok(user && !/^USER\s+(root|0)\b/.test(user), 'runtime stage must switch to a non-root user');

  for (const app of APPS) {
    const stage = stages.get(app);
    assert.ok(stage, `no target ${app}`);
    assert.equal(stage.from, 'runtime', `${app} must build on the runtime stage`);
    const cmd = stage.lines.find((l) => l.startsWith('CMD'));
    assert.ok(cmd, `${app} has no CMD`);
    if (app === 'indexer') assert.match(cmd, /"npm", "run", "start", "-w", "@metatag\/indexer"/);
    else assert.match(cmd, new RegExp(`"node", "apps/${app}/dist/main\\.js"`));
    assert.ok(!stage.lines.some((l) => /^USER\s+(root|0)\b/.test(l)), `${app} switches back to root`);
  }
  assert.ok(stages.get('gateway')?.lines.some((l) => l.startsWith('HEALTHCHECK') && l.includes('/healthz')));

  const ignore = readFileSync(join(root, 'infra/Dockerfile.dockerignore'), 'utf8').split('\n');
  for (const entry of ['**/node_modules', '**/dist', '**/.data', '**/.nx', '.git']) {
    assert.ok(ignore.includes(entry), `infra/Dockerfile.dockerignore lacks ${entry}`);
  }
});

// ------------------------------------------------------------------------------------------ compose

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | { published?: string | number; target?: string | number })[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
}

const compose = once(() => {
  const out = run(
    'docker-compose',
    ['-f', 'docker-compose.yml', 'config'],
    'apt-get update && apt-get install -y docker-compose',
  );
  return parse(out) as { services: Record<string, ComposeService> };
});

function composeEnv(service: ComposeService): Record<string, string> {
  const env: Record<string, string> = {};
  const raw = service.environment ?? {};
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const at = item.indexOf('=');
      if (at > 0) env[item.slice(0, at)] = item.slice(at + 1);
    }
  } else {
    for (const [key, value] of Object.entries(raw)) if (value !== null) env[key] = String(value);
  }
  return env;
}

test('compose: every infrastructure service and every app is defined', () => {
  const { services } = compose();
  for (const name of [...INFRA_SERVICES, ...APPS])
    assert.ok(services[name], `docker-compose.yml has no ${name}`);
  assert.match(services.postgres.image ?? '', /^postgres:16\b/);
  assert.match(services.redis.image ?? '', /^redis:7\b/);
  assert.match(services.nats.image ?? '', /^nats:2\b/);
  assert.match(services.anvil.image ?? '', /^ghcr\.io\/foundry-rs\/foundry\b/);
  assert.match(JSON.stringify(services.nats), /"-js"/, 'nats must run with JetStream (-js)');
  assert.match(JSON.stringify(services.anvil), /--chain-id 1337/);
  assert.ok(!('standalone' in services), 'standalone is not part of the distributed stack');
});

test('compose: each app is built from infra/Dockerfile with its own target', () => {
  const { services } = compose();
  for (const app of APPS) {
    const build = services[app].build;
    assert.ok(build, `${app} has no build section`);
    assert.equal(build.dockerfile, 'infra/Dockerfile', `${app} builds from ${build.dockerfile}`);
    assert.equal(build.target, app, `${app} builds target ${build.target}`);
    assert.match(services[app].image ?? '', new RegExp(`^metatag/${app}(:|$)`));
  }
});

test('compose: the gateway publishes port 3000', () => {
  const ports = compose().services.gateway.ports ?? [];
  const published = ports.some((p) =>
    typeof p === 'string'
      ? /(^|:)3000:3000$/.test(p)
      : String(p.published) === '3000' && String(p.target) === '3000',
  );
  assert.ok(published, `gateway ports: ${JSON.stringify(ports)}`);
  assert.equal(
    composeEnv(compose().services.gateway).HOST,
    '0.0.0.0',
    'the gateway must bind every interface',
  );
});

test('compose: app env keys are schema keys, required keys are set, values load', () => {
  const { services } = compose();
  for (const app of APPS) {
    const env = composeEnv(services[app]);
    assertEnvMatchesSchema('docker-compose.yml', app, Object.keys(env));
    assertEnvLoads('docker-compose.yml', app, env);
  }
  const env = (app: App) => composeEnv(services[app]);
  for (const app of APPS.filter((a) => a !== 'indexer')) {
    assert.equal(env(app).TRANSPORT, 'nats', `${app}: TRANSPORT`);
    assert.equal(env(app).NATS_URL, 'nats://nats:4222', `${app}: NATS_URL`);
    assert.match(env(app).DATABASE_URL, /@postgres:5432\/metatag$/, `${app}: DATABASE_URL`);
  }
  assert.equal(env('relayer').QUEUE, 'bullmq');
  assert.equal(env('relayer').REDIS_URL, 'redis://redis:6379');
  for (const app of ['gateway', 'templates', 'chiplinks', 'relayer', 'deployer', 'indexer'] as const) {
    assert.equal(env(app).RPC_URL_GANACHE, 'http://anvil:8545', `${app}: RPC_URL_GANACHE`);
  }
  assert.equal(
    env('gateway').SESSION_SECRET,
    env('auth').SESSION_SECRET,
    'gateway and auth share SESSION_SECRET',
  );
});

test('compose: apps wait for healthy dependencies', () => {
  const { services } = compose();
  for (const app of APPS) {
    const deps = services[app].depends_on;
    assert.ok(deps && !Array.isArray(deps), `${app}: depends_on must name conditions`);
    for (const needed of ['postgres', 'nats']) {
      assert.equal(deps[needed]?.condition, 'service_healthy', `${app} must wait for a healthy ${needed}`);
    }
    for (const [dep, { condition }] of Object.entries(deps)) {
      assert.ok(services[dep], `${app} depends on unknown service ${dep}`);
      if (condition === 'service_healthy') {
        assert.ok(
          services[dep].healthcheck?.test,
          `${app} waits for ${dep} to be healthy, but ${dep} has no healthcheck`,
        );
      }
    }
  }
  const relayerDeps = services.relayer.depends_on as Record<string, { condition?: string }>;
  assert.equal(relayerDeps.redis?.condition, 'service_healthy');
});

// ------------------------------------------------------------------------------------------ kustomize

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
interface EnvFrom {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: EnvFrom[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    strategy?: { type?: string };
    selector?: Record<string, string> & { matchLabels?: Record<string, string> };
    template?: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } };
    ports?: { name?: string; port: number; targetPort?: string | number }[];
    rules?: {
      host?: string;
      http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] };
    }[];
    target?: { name?: string };
    data?: { secretKey: string }[];
    scaleTargetRef?: { kind: string; name: string };
  };
}

const overlays = readdirSync(join(root, 'k8s/overlays'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, 'k8s/overlays', d.name, 'kustomization.yaml')))
  .map((d) => d.name)
  .sort();

test('k8s: a dev overlay exists (prod when present is checked the same way)', () => {
  assert.ok(overlays.includes('dev'), `k8s/overlays has ${overlays.join(', ') || 'nothing'}`);
});

class Rendered {
  constructor(readonly resources: Resource[]) {}
  static of(overlay: string): Rendered {
    const out = run(
      'kubectl',
      ['kustomize', `k8s/overlays/${overlay}`],
      'kubectl (https://kubernetes.io/docs/tasks/tools/)',
    );
    const docs = parseAllDocuments(out);
    for (const doc of docs) assert.deepEqual(doc.errors, [], `${overlay}: YAML errors`);
    return new Rendered(
      docs.map((d) => d.toJS() as Resource | null).filter((r): r is Resource => r !== null),
    );
  }
  find(kind: string, name: string): Resource | undefined {
    return this.resources.find((r) => r.kind === kind && r.metadata.name === name);
  }
  /** Keys a Secret will hold: its data, or the keys an ExternalSecret writes into it. */
  secretKeys(name: string): Set<string> | undefined {
    const secret = this.find('Secret', name);
    if (secret) return new Set([...Object.keys(secret.data ?? {}), ...Object.keys(secret.stringData ?? {})]);
    const external = this.resources.find(
      (r) => r.kind === 'ExternalSecret' && (r.spec?.target?.name ?? r.metadata.name) === name,
    );
    return external ? new Set((external.spec?.data ?? []).map((d) => d.secretKey)) : undefined;
  }
  secretValue(name: string, key: string): string | undefined {
    const secret = this.find('Secret', name);
    if (secret?.stringData?.[key] !== undefined) return secret.stringData[key];
    const data = secret?.data?.[key];
    return data === undefined ? undefined : Buffer.from(data, 'base64').toString('utf8');
  }
  configMapData(name: string): Record<string, string> | undefined {
    const map = this.find('ConfigMap', name);
    return map ? { ...(map.data ?? {}) } : undefined;
  }
}

/** The container's environment: keys always, values where the overlay itself holds them. */
function containerEnv(
  where: string,
  k: Rendered,
  container: Container,
): { keys: Set<string>; values: Record<string, string | undefined> } {
  const values: Record<string, string | undefined> = {};
  for (const from of container.envFrom ?? []) {
    const prefix = from.prefix ?? '';
    if (from.configMapRef) {
      const data = k.configMapData(from.configMapRef.name);
      assert.ok(
        data || from.configMapRef.optional,
        `${where}: envFrom ConfigMap ${from.configMapRef.name} is not rendered`,
      );
      for (const [key, value] of Object.entries(data ?? {})) values[prefix + key] = value;
    }
    if (from.secretRef) {
      const keys = k.secretKeys(from.secretRef.name);
      assert.ok(
        keys || from.secretRef.optional,
        `${where}: envFrom Secret ${from.secretRef.name} is not rendered`,
      );
      for (const key of keys ?? []) values[prefix + key] = k.secretValue(from.secretRef.name, key);
    }
  }
  for (const env of container.env ?? []) {
    const cm = env.valueFrom?.configMapKeyRef;
    const sk = env.valueFrom?.secretKeyRef;
    if (cm) {
      const data = k.configMapData(cm.name);
      assert.ok(
        data?.[cm.key] !== undefined || cm.optional,
        `${where}: ${env.name} refers to missing ${cm.name}/${cm.key}`,
      );
      values[env.name] = data?.[cm.key];
    } else if (sk) {
      const keys = k.secretKeys(sk.name);
      assert.ok(
        keys?.has(sk.key) || sk.optional,
        `${where}: ${env.name} refers to missing Secret key ${sk.name}/${sk.key}`,
      );
      values[env.name] = k.secretValue(sk.name, sk.key);
    } else {
      values[env.name] = env.value ?? '';
    }
  }
  return { keys: new Set(Object.keys(values)), values };
}

function probePort(container: Container, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

for (const overlay of overlays) {
  const rendered = once(() => Rendered.of(overlay));
  const where = `k8s/overlays/${overlay}`;

  test(`k8s ${overlay}: a Deployment per app with image metatag/<app>, resources and a matching selector`, () => {
    const k = rendered();
    for (const app of APPS) {
      const deployment = k.find('Deployment', app);
      assert.ok(deployment?.spec?.template, `${where}: no Deployment ${app}`);
      const [container] = deployment.spec.template.spec.containers;
      assert.match(
        container.image,
        new RegExp(`(^|/)metatag/${app}(:|@|$)`),
        `${where}: ${app} image ${container.image}`,
      );
      assert.ok(
        container.resources?.requests?.cpu && container.resources.requests.memory,
        `${app}: resource requests`,
      );
      assert.ok(container.resources?.limits?.memory, `${app}: memory limit`);
      const selector = deployment.spec.selector?.matchLabels ?? {};
      for (const [label, value] of Object.entries(selector)) {
        assert.equal(
          deployment.spec.template.metadata.labels[label],
          value,
          `${app}: selector ${label} does not match its pods`,
        );
      }
    }
    // One transaction sender per chain + key, and one Ponder writer per schema.
    for (const app of ['relayer', 'indexer']) {
      const deployment = k.find('Deployment', app);
      assert.equal(deployment?.spec?.replicas, 1, `${where}: ${app} must run exactly one replica`);
      assert.equal(
        deployment?.spec?.strategy?.type,
        'Recreate',
        `${where}: ${app} must not overlap during rollout`,
      );
    }
  });

  test(`k8s ${overlay}: env and envFrom keys are schema keys and required keys are set`, () => {
    const k = rendered();
    for (const app of APPS) {
      const [container] = k.find('Deployment', app)?.spec?.template?.spec.containers ?? [];
      assert.ok(container, `${where}: no container for ${app}`);
      const { keys, values } = containerEnv(`${where} ${app}`, k, container);
      assertEnvMatchesSchema(where, app, keys);
      const resolved = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
      if (resolved.length === keys.size) assertEnvLoads(where, app, Object.fromEntries(resolved));
    }
  });

  test(`k8s ${overlay}: the gateway has probes, a Service and an Ingress`, () => {
    const k = rendered();
    const deployment = k.find('Deployment', 'gateway');
    const [container] = deployment?.spec?.template?.spec.containers ?? [];
    assert.ok(container);
    const { values } = containerEnv(where, k, container);
    assert.equal(values.HOST, '0.0.0.0', 'the gateway must bind every interface');
    const port = Number(values.PORT ?? 3000);

    assert.equal(container.readinessProbe?.httpGet?.path, '/readyz');
    assert.equal(container.livenessProbe?.httpGet?.path, '/healthz');
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      assert.equal(
        probePort(container, probe?.httpGet?.port ?? ''),
        port,
        'probes must hit the gateway PORT',
      );
    }

    const service = k.find('Service', 'gateway');
    assert.ok(service?.spec?.ports?.length, `${where}: no Service gateway`);
    const podLabels = deployment?.spec?.template?.metadata.labels ?? {};
    for (const [label, value] of Object.entries(service.spec.selector ?? {})) {
      assert.equal(podLabels[label], value, `Service gateway selector ${label}=${value} misses the pods`);
    }
    for (const p of service.spec.ports) assert.equal(probePort(container, p.targetPort ?? p.port), port);

    const ingress = k.resources.find((r) => r.kind === 'Ingress');
    assert.ok(ingress?.spec?.rules?.length, `${where}: no Ingress`);
    for (const rule of ingress.spec.rules) {
      for (const path of rule.http.paths) {
        const backend = path.backend.service;
        assert.equal(backend.name, 'gateway', 'the Ingress routes to the gateway');
        assert.ok(
          service.spec.ports.some((p) => p.name === backend.port.name || p.port === backend.port.number),
          `Ingress port ${JSON.stringify(backend.port)} is not a port of Service gateway`,
        );
      }
    }
  });

  if (overlay === 'dev') {
    test('k8s dev: namespace metatag-dev and one replica of every app', () => {
      const k = rendered();
      assert.ok(k.find('Namespace', 'metatag-dev'));
      for (const r of k.resources) {
        if (r.kind !== 'Namespace')
          assert.equal(r.metadata.namespace, 'metatag-dev', `${r.kind}/${r.metadata.name}`);
      }
      for (const app of APPS) assert.equal(k.find('Deployment', app)?.spec?.replicas, 1, `${app} replicas`);
    });
  }

  if (overlay === 'prod') {
    test('k8s prod: HPAs own the gateway and chiplinks replicas', () => {
      const k = rendered();
      for (const app of ['gateway', 'chiplinks']) {
        const hpa = k.resources.find(
          (r) => r.kind === 'HorizontalPodAutoscaler' && r.spec?.scaleTargetRef?.name === app,
        );
        assert.equal(hpa?.spec?.scaleTargetRef?.kind, 'Deployment', `no HPA for ${app}`);
        assert.equal(
          k.find('Deployment', app)?.spec?.replicas,
          undefined,
          `${app}: replicas must be left to the HPA`,
        );
      }
      for (const r of k.resources) {
        if (r.kind !== 'Namespace')
          assert.equal(r.metadata.namespace, 'metatag', `${r.kind}/${r.metadata.name}`);
      }
    });
  }
}

// ------------------------------------------------------------------ Kubernetes schemas, probes, budgets
// Every rendered object of a built-in kind is checked against the Kubernetes OpenAPI schemas
// (kubernetes-models: the upstream schemas compiled into validators), as the API server would.
const MODELS: Record<string, () => Promise<new (data: unknown) => { validate(): void }>> = {
  'apps/v1/Deployment': async () => (await import('kubernetes-models/apps/v1')).Deployment as never,
  'apps/v1/StatefulSet': async () => (await import('kubernetes-models/apps/v1')).StatefulSet as never,
  'v1/Service': async () => (await import('kubernetes-models/v1')).Service as never,
  'v1/ConfigMap': async () => (await import('kubernetes-models/v1')).ConfigMap as never,
  'v1/Secret': async () => (await import('kubernetes-models/v1')).Secret as never,
  'v1/Namespace': async () => (await import('kubernetes-models/v1')).Namespace as never,
  'v1/PersistentVolumeClaim': async () =>
    (await import('kubernetes-models/v1')).PersistentVolumeClaim as never,
  'networking.k8s.io/v1/Ingress': async () =>
    (await import('kubernetes-models/networking.k8s.io/v1')).Ingress as never,
  'policy/v1/PodDisruptionBudget': async () =>
    (await import('kubernetes-models/policy/v1')).PodDisruptionBudget as never,
  'autoscaling/v2/HorizontalPodAutoscaler': async () =>
    (await import('kubernetes-models/autoscaling/v2')).HorizontalPodAutoscaler as never,
};
// custom resources of operators we rely on (validated by their own CRDs in the cluster)
const CUSTOM_KINDS = new Set([
  'external-secrets.io/v1beta1/ExternalSecret',
  'external-secrets.io/v1/ExternalSecret',
]);

for (const overlay of overlays) {
  const rendered = once(() => Rendered.of(overlay));

  test(`k8s ${overlay}: every object is valid against the Kubernetes schemas`, async () => {
    for (const resource of rendered().resources) {
      const key = `${resource.apiVersion}/${resource.kind}`;
      if (CUSTOM_KINDS.has(key)) continue;
      const load = MODELS[key];
      assert.ok(load, `${overlay}: no schema known for ${key} (${resource.metadata.name})`);
      const Model = await load();
      // kustomize writes long base64 values as block scalars (line breaks inside), which the API
      // server's decoder skips and the schema's "byte" format does not
      const object =
        resource.kind === 'Secret' && resource.data
          ? {
              ...resource,
              data: Object.fromEntries(
                Object.entries(resource.data).map(([k, v]) => [k, v.replace(/\s+/g, '')]),
              ),
            }
          : resource;
      assert.doesNotThrow(() => new Model(object).validate(), `${overlay}: ${key} ${resource.metadata.name}`);
    }
  });

  test(`k8s ${overlay}: every app has liveness and readiness probes, a metrics port and a disruption budget`, () => {
    const k = rendered();
    for (const app of APPS) {
      const deployment = k.find('Deployment', app);
      const [container] = deployment?.spec?.template?.spec.containers ?? [];
      assert.ok(container?.readinessProbe && container.livenessProbe, `${overlay}: ${app} has no probes`);
      const budget = k.resources.find(
        (r) =>
          r.kind === 'PodDisruptionBudget' &&
          r.spec?.selector?.matchLabels?.['app.kubernetes.io/name'] === app,
      );
      assert.ok(budget, `${overlay}: no PodDisruptionBudget selects ${app}`);
      if (app !== 'indexer')
        assert.ok(
          container.ports?.some((p) => p.name === 'metrics' && p.containerPort === 9464),
          `${overlay}: ${app} exposes no metrics port`,
        );
    }
  });
}
