// k8s/ as kustomize renders it, offline: every object of both overlays validates against the
// Kubernetes schemas (kubernetes-models), and the properties that matter hold: probes, requests
// and limits, non-root, HPAs and PDBs, only the gateway behind the Ingress, services reachable
// only from where they are needed, no committed Secret, prod without dev-idp or in-cluster data.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { HEAP_OPTIONS } from '@flohmarkt/launcher/heap-options';
import { pinProblem } from './image-pins.js';
import { ROOT, requireBinary, run } from './repo.js';

// Plain objects as rendered; typed loosely, checked by the schemas below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; [key: string]: any };

interface Validatable {
  validate(): void;
}
const MODELS: Record<string, new (data: never) => Validatable> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

const SCALED = ['gateway', 'auth', 'events', 'stands', 'media', 'media-worker'];
const SERVICES: Record<string, number> = { auth: 8101, events: 8102, stands: 8103, media: 8104 };
/** Who may call whom (besides the gateway, which reaches every service). */
const CALLERS: Record<string, string[]> = {
  auth: ['gateway', 'stands'],
  events: ['gateway', 'stands'],
  stands: ['gateway', 'auth', 'events', 'media', 'media-worker'],
  media: ['gateway'],
};
/** Fields a container may have (Kubernetes core/v1 Container): the schemas accept unknown keys, so typos are caught here. */
const CONTAINER_FIELDS = new Set([
  'name',
  'image',
  'imagePullPolicy',
  'command',
  'args',
  'workingDir',
  'ports',
  'env',
  'envFrom',
  'resources',
  'resizePolicy',
  'restartPolicy',
  'volumeMounts',
  'volumeDevices',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'securityContext',
  'stdin',
  'stdinOnce',
  'tty',
]);

function render(overlay: string): K8sObject[] {
  return kustomize(path.join(ROOT, 'k8s/overlays', overlay));
}

function kustomize(dir: string): K8sObject[] {
  requireBinary('kubectl', 'install kubectl (with kustomize v5), e.g. from https://dl.k8s.io/release/stable.txt');
  const result = run('kubectl', ['kustomize', dir], { timeoutMs: 60_000 });
  if (result.code !== 0) throw new Error(`kubectl kustomize ${path.relative(ROOT, dir)} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

/**
 * An overlay with an optional component added, as docs/operations.md tells an operator to: a copy of
 * the overlay beside it (so its relative paths hold) with `components:` appended, removed afterwards.
 */
function renderWithComponent(overlay: string, component: string): K8sObject[] {
  const overlayDir = path.join(ROOT, 'k8s/overlays', overlay);
  const dir = mkdtempSync(path.join(ROOT, 'k8s/overlays', `.${overlay}-with-${component}-`));
  try {
    cpSync(overlayDir, dir, { recursive: true });
    appendFileSync(path.join(dir, 'kustomization.yaml'), `\ncomponents:\n  - ../../components/${component}\n`);
    return kustomize(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const podSpec = (o: K8sObject): any => o.spec?.template?.spec;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const containersOf = (o: K8sObject): any[] => [...(podSpec(o)?.initContainers ?? []), ...(podSpec(o)?.containers ?? [])];
const workloads = (objects: K8sObject[]) => objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));

function commonChecks(overlay: string, objects: K8sObject[]): void {
  it('validates every object against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(10);
    const errors: string[] = [];
    for (const o of objects) {
      const Model = MODELS[`${o.apiVersion}/${o.kind}`];
      if (!Model) {
        errors.push(`${o.apiVersion}/${o.kind} ${o.metadata.name}: no schema known to this check (add it to MODELS)`);
        continue;
      }
      try {
        new Model(o as never).validate();
      } catch (err) {
        errors.push(`${o.kind} ${o.metadata.name}: ${(err as Error).message}`);
      }
      for (const c of workloads([o]).flatMap(containersOf)) {
        for (const key of Object.keys(c))
          if (!CONTAINER_FIELDS.has(key)) errors.push(`${o.kind} ${o.metadata.name}: container ${c.name} has unknown field ${key}`);
      }
    }
    expect(errors).toEqual([]);
  });

  it('puts everything in one namespace', () => {
    const namespaces = ofKind(objects, 'Namespace').map((n) => n.metadata.name);
    expect(namespaces).toHaveLength(1);
    for (const o of objects.filter((x) => x.kind !== 'Namespace')) expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).toBe(namespaces[0]);
  });

  it('gives every workload probes, requests and limits, and runs it as non-root', () => {
    const problems: string[] = [];
    for (const o of workloads(objects)) {
      const pod = podSpec(o);
      const podNonRoot = pod?.securityContext?.runAsNonRoot === true;
      for (const c of containersOf(o)) {
        const where = `${o.kind} ${o.metadata.name}/${c.name}`;
        const isInit = (pod.initContainers ?? []).includes(c);
        if (o.kind !== 'Job' && !isInit) {
          if (!c.readinessProbe) problems.push(`${where}: no readinessProbe`);
          if (!c.livenessProbe) problems.push(`${where}: no livenessProbe`);
        }
        for (const kind of ['requests', 'limits']) {
          for (const resource of ['cpu', 'memory']) if (!c.resources?.[kind]?.[resource]) problems.push(`${where}: no ${kind}.${resource}`);
        }
        const nonRoot = c.securityContext?.runAsNonRoot ?? podNonRoot;
        if (nonRoot !== true) problems.push(`${where}: runAsNonRoot is not set`);
        // The images say USER node (a name): the kubelet can only verify non-root with a number.
        if (typeof (c.securityContext?.runAsUser ?? pod?.securityContext?.runAsUser) !== 'number') problems.push(`${where}: no numeric runAsUser`);
        if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
        if (!(c.securityContext?.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: capabilities not dropped`);
        if (c.securityContext?.privileged) problems.push(`${where}: privileged`);
      }
      if (pod?.hostNetwork || pod?.hostPID) problems.push(`${o.kind} ${o.metadata.name}: host namespaces`);
    }
    expect(problems).toEqual([]);
  });

  it('probes the apps on their health endpoints', () => {
    const gateway = containersOf(named(objects, 'Deployment', 'gateway') as K8sObject)[0];
    expect(gateway.livenessProbe.httpGet.path).toBe('/healthz');
    expect(gateway.readinessProbe.httpGet.path).toBe('/healthz');
    expect(gateway.startupProbe.httpGet.path).toBe('/api/health');
    for (const name of [...Object.keys(SERVICES), 'media-worker']) {
      const c = containersOf(named(objects, 'Deployment', name) as K8sObject)[0];
      expect(c.readinessProbe.httpGet.path, name).toBe('/health');
      expect(c.livenessProbe.httpGet.path, name).toBe('/health');
    }
  });

  it('commits no Secret and reads secrets only from flohmarkt-secrets', () => {
    expect(ofKind(objects, 'Secret')).toEqual([]);
    const refs = new Set<string>();
    for (const c of workloads(objects).flatMap(containersOf)) {
      for (const from of c.envFrom ?? []) if (from.secretRef) refs.add(from.secretRef.name);
      for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) refs.add(e.valueFrom.secretKeyRef.name);
    }
    expect([...refs]).toEqual(['flohmarkt-secrets']);
    // Every app gets its settings through envFrom; the services and the worker their secrets too.
    for (const name of SCALED) {
      const c = containersOf(named(objects, 'Deployment', name) as K8sObject)[0];
      if (name !== 'gateway')
        expect(
          c.envFrom.some((f: { secretRef?: { name: string } }) => f.secretRef?.name === 'flohmarkt-secrets'),
          name,
        ).toBe(true);
      const configMap = c.envFrom.find((f: { configMapRef?: { name: string } }) => f.configMapRef)?.configMapRef.name;
      expect(named(objects, 'ConfigMap', configMap), `${name} reads ConfigMap ${configMap}`).toBeDefined();
    }
  });

  it('lets the operator point the stands service at a routing server (ROUTING_URL in the ConfigMap it reads; empty: straight lines)', () => {
    const stands = containersOf(named(objects, 'Deployment', 'stands') as K8sObject)[0];
    const configMap = named(objects, 'ConfigMap', stands.envFrom.find((f: { configMapRef?: { name: string } }) => f.configMapRef)?.configMapRef.name);
    expect(configMap?.data).toHaveProperty('ROUTING_URL');
    // The service takes '' or a URL (services/stands/src/config.ts): anything else stops it at boot.
    expect(configMap?.data.ROUTING_URL).toMatch(/^(|https?:\/\/\S+)$/);
  });

  it('runs the gateway and media with the V8 heap settings that npm start, the tests and the benchmarks use', () => {
    for (const [app, options] of Object.entries(HEAP_OPTIONS)) {
      const container = containersOf(named(objects, 'Deployment', app) as K8sObject)[0];
      expect(container.env.find((e: { name: string }) => e.name === 'NODE_OPTIONS')?.value, app).toBe(options);
    }
  });

  it('gives the gateway GATEWAY_TOKEN, SESSION_SECRET and REDIS_URL from the Secret, never INTERNAL_TOKEN', () => {
    const gateway = containersOf(named(objects, 'Deployment', 'gateway') as K8sObject)[0];
    // A whole-Secret envFrom would hand it every key, INTERNAL_TOKEN included.
    expect((gateway.envFrom ?? []).filter((f: { secretRef?: unknown }) => f.secretRef)).toEqual([]);
    const fromSecret = (gateway.env ?? [])
      .filter((e: { valueFrom?: { secretKeyRef?: unknown } }) => e.valueFrom?.secretKeyRef)
      .map((e: { name: string; valueFrom: { secretKeyRef: { key: string } } }) => `${e.name}=${e.valueFrom.secretKeyRef.key}`);
    expect(fromSecret.sort()).toEqual(['GATEWAY_TOKEN=GATEWAY_TOKEN', 'REDIS_URL=REDIS_URL', 'SESSION_SECRET=SESSION_SECRET']);
    expect(JSON.stringify(gateway)).not.toContain('INTERNAL_TOKEN');
  });

  it('exposes only the gateway through the Ingress', () => {
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .flatMap((i) => [i.spec.defaultBackend, ...i.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend))])
      .filter(Boolean);
    expect(backends.length).toBeGreaterThan(0);
    for (const b of backends) {
      expect(b.service.name).toBe('gateway');
      expect(b.service.port.name ?? b.service.port.number).toMatch(/^(http|8080)$/);
    }
    for (const s of ofKind(objects, 'Service')) expect(s.spec.type ?? 'ClusterIP', s.metadata.name).toBe('ClusterIP');
  });

  it('routes every Service to pods that carry its selector and port', () => {
    for (const s of ofKind(objects, 'Service')) {
      const target = objects.find(
        (o) => ['Deployment', 'StatefulSet'].includes(o.kind) && Object.entries(s.spec.selector).every(([k, v]) => o.spec.template.metadata.labels?.[k] === v),
      );
      expect(target, `Service ${s.metadata.name} selects nothing`).toBeDefined();
      const ports = containersOf(target as K8sObject).flatMap((c) => c.ports ?? []);
      for (const p of s.spec.ports) {
        const match = ports.find((cp: { name?: string; containerPort: number }) => cp.name === p.targetPort || cp.containerPort === p.targetPort);
        expect(match, `Service ${s.metadata.name} port ${p.targetPort}`).toBeDefined();
      }
    }
    for (const [name, port] of Object.entries(SERVICES)) {
      expect(named(objects, 'Service', name)?.spec.ports[0].port, name).toBe(port);
      const env = containersOf(named(objects, 'Deployment', name) as K8sObject)[0].env;
      expect(env.find((e: { name: string }) => e.name === 'PORT')?.value).toBe(String(port));
    }
  });

  it('scales the gateway, the services and the worker with HPAs and guards them with PDBs', () => {
    for (const name of SCALED) {
      const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name);
      expect(hpa, `HPA for ${name}`).toBeDefined();
      expect(hpa?.apiVersion).toBe('autoscaling/v2');
      expect(hpa?.spec.scaleTargetRef.kind).toBe('Deployment');
      expect(named(objects, 'Deployment', name), `Deployment ${name}`).toBeDefined();
      expect(hpa?.spec.maxReplicas).toBeGreaterThan(hpa?.spec.minReplicas ?? 1);
      const pdb = ofKind(objects, 'PodDisruptionBudget').find((p) => p.spec.selector.matchLabels?.['app.kubernetes.io/name'] === name);
      expect(pdb, `PDB for ${name}`).toBeDefined();
    }
  });

  it('lets only the gateway (and the services that need each other) reach a service', () => {
    const policies = ofKind(objects, 'NetworkPolicy');
    const denyAll = policies.find(
      (p) =>
        Object.keys(p.spec.podSelector ?? {}).length === 0 ||
        (Object.keys(p.spec.podSelector.matchLabels ?? {}).length === 0 && !p.spec.podSelector.matchExpressions),
    );
    expect(denyAll, 'a default-deny policy for every pod').toBeDefined();
    expect(denyAll?.spec.policyTypes).toContain('Ingress');
    expect(denyAll?.spec.ingress ?? []).toEqual([]);

    const selecting = (name: string) => policies.filter((p) => p.spec.podSelector?.matchLabels?.['app.kubernetes.io/name'] === name);
    for (const [name, port] of Object.entries(SERVICES)) {
      const rules = selecting(name).flatMap((p) => p.spec.ingress ?? []);
      expect(rules.length, `${name} has an ingress policy`).toBeGreaterThan(0);
      const sources = new Set<string>();
      for (const rule of rules) {
        expect(rule.from?.length, `${name}: a rule without "from" admits everyone`).toBeGreaterThan(0);
        expect(rule.ports?.map((p: { port: number }) => p.port)).toEqual([port]);
        for (const peer of rule.from) {
          expect(peer.namespaceSelector, `${name}: no peers from other namespaces`).toBeUndefined();
          expect(peer.ipBlock, `${name}: no peers by address`).toBeUndefined();
          sources.add(peer.podSelector?.matchLabels?.['app.kubernetes.io/name']);
        }
      }
      expect([...sources].sort(), `who reaches ${name}`).toEqual([...CALLERS[name]].sort());
    }
    // Nobody calls the worker; the gateway takes HTTP on its port only.
    expect(selecting('media-worker')).toEqual([]);
    const gatewayRules = selecting('gateway').flatMap((p) => p.spec.ingress ?? []);
    expect(gatewayRules.flatMap((r) => r.ports.map((p: { port: number }) => p.port))).toEqual([8080]);
  });

  it('migrates every service with one Job, the services themselves never', () => {
    const job = named(objects, 'Job', 'flohmarkt-migrate') as K8sObject;
    expect(job).toBeDefined();
    const steps = containersOf(job).map((c) => (c.command ?? []).join(' '));
    expect(steps).toEqual(['auth', 'events', 'stands', 'media'].map((n) => `node services/${n}/dist/migrate.js`));
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('flohmarkt-config'));
    expect(config?.data.RUN_MIGRATIONS).toBe('false');
  });

  it(`pins every image: ours by an explicit tag, every other by version tag and digest (${overlay})`, () => {
    const containers = workloads(objects).flatMap(containersOf);
    expect(containers.length).toBeGreaterThan(0);
    const problems = containers.map((c) => [c.name, pinProblem(c.image)]).filter(([, p]) => p !== null);
    expect(problems).toEqual([]);
  });
}

describe('k8s/overlays/prod', () => {
  const objects = render('prod');
  commonChecks('prod', objects);

  it('has no development identity provider and no in-cluster database, Redis or object store', () => {
    const text = JSON.stringify(objects);
    expect(text).not.toMatch(/dev-idp/);
    expect(ofKind(objects, 'StatefulSet')).toEqual([]);
    expect(ofKind(objects, 'PersistentVolumeClaim')).toEqual([]);
    for (const c of workloads(objects).flatMap(containersOf)) expect(c.image, c.name).not.toMatch(/^(postgres|redis|minio|versity)/);
    const config = ofKind(objects, 'ConfigMap')[0].data;
    expect(config.DEV_IDP_URL).toBeUndefined();
    expect(config.ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE).toBeUndefined();
    expect(config.NODE_ENV).toBe('production');
    expect(config.OIDC_INTERNAL_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toMatch(/^https:\/\//);
    expect(config.OIDC_REDIRECT_URI).toBe(`${config.PUBLIC_URL}/api/callback`);
    expect(config.OIDC_POST_LOGOUT_REDIRECT_URI).toBe(`${config.PUBLIC_URL}/`);
    // The database, Redis and S3 credentials are in the Secret, never in the ConfigMap.
    for (const key of [
      'DATABASE_URL',
      'REDIS_URL',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'SESSION_SECRET',
      'GATEWAY_TOKEN',
      'INTERNAL_TOKEN',
      'OIDC_CLIENT_SECRET',
    ])
      expect(config[key], key).toBeUndefined();
    for (const c of workloads(objects).flatMap(containersOf)) {
      for (const e of c.env ?? [])
        expect(e.name, `${c.name} sets ${e.name}`).not.toMatch(/^(DEV_IDP_URL|ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE)$/);
    }
  });

  it('runs at least two replicas of every app, also at the HPA minimum', () => {
    for (const name of SCALED) expect(named(objects, 'Deployment', name)?.spec.replicas, name).toBeGreaterThanOrEqual(2);
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) expect(hpa.spec.minReplicas, hpa.metadata.name).toBeGreaterThanOrEqual(2);
  });

  it("scales the photo worker on the depth of its queue as well as on CPU (an External metric of the apps' own gauge)", () => {
    const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === 'media-worker');
    const external = hpa?.spec.metrics?.find((m: { type: string }) => m.type === 'External');
    expect(external?.external.metric).toEqual({ name: 'flohmarkt_queue_jobs', selector: { matchLabels: { queue: 'media-photos', state: 'waiting' } } });
    expect(external?.external.target.type).toBe('AverageValue');
    expect(hpa?.spec.metrics?.some((m: { type: string }) => m.type === 'Resource')).toBe(true);
  });

  it('serves the Ingress with TLS on the public host', () => {
    const ingress = ofKind(objects, 'Ingress')[0];
    const host = new URL(ofKind(objects, 'ConfigMap')[0].data.PUBLIC_URL).host;
    expect(ingress.spec.rules[0].host).toBe(host);
    expect(ingress.spec.tls?.[0]?.hosts).toContain(host);
  });
});

describe('k8s/overlays/dev', () => {
  const objects = render('dev');
  commonChecks('dev', objects);

  it('adds PostgreSQL, Redis and the object store (versitygw) with volumes, and the dev-idp', () => {
    for (const name of ['postgres', 'redis', 'object-store']) {
      const set = named(objects, 'StatefulSet', name);
      expect(set, name).toBeDefined();
      expect(set?.spec.volumeClaimTemplates?.length, `${name} keeps its data in a PVC`).toBeGreaterThan(0);
      expect(named(objects, 'Service', name), `Service ${name}`).toBeDefined();
    }
    const redisArgs = containersOf(named(objects, 'StatefulSet', 'redis') as K8sObject)[0].args.join(' ');
    for (const flag of ['--appendonly yes', '--appendfsync everysec', '--maxmemory-policy noeviction']) expect(redisArgs).toContain(flag);
    expect(named(objects, 'Deployment', 'dev-idp')).toBeDefined();
    const config = ofKind(objects, 'ConfigMap')[0].data;
    const store = containersOf(named(objects, 'StatefulSet', 'object-store') as K8sObject)[0];
    expect(store.image).toMatch(/^versity\/versitygw:/);
    expect(config.S3_ENDPOINT).toBe(`http://object-store:${store.ports[0].containerPort}`);
    expect(JSON.stringify(objects)).not.toMatch(/minio/i);
    expect(config.DEV_IDP_URL).toBe('http://dev-idp:8090');
    // The gateway runs NODE_ENV=production here too: it proxies the dev-idp only with the override.
    expect(config.NODE_ENV).toBe('production');
    expect(config.ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE).toBe('true');
    expect(config.OIDC_INTERNAL_URL).toBe('http://dev-idp:8090/oidc');
    expect(config.OIDC_ISSUER).toBe(`${config.PUBLIC_URL}/oidc`);
  });

  it('runs the dev-idp outside production mode', () => {
    const env = containersOf(named(objects, 'Deployment', 'dev-idp') as K8sObject)[0].env;
    expect(env.find((e: { name: string }) => e.name === 'NODE_ENV')?.value).toBe('development');
  });
});

describe('k8s/components/routing added to an overlay', () => {
  for (const overlay of ['prod', 'dev']) {
    const objects = renderWithComponent(overlay, 'routing');
    commonChecks(`${overlay} + routing`, objects);

    it(`runs OSRM read-only on its prepared volume, reachable only from the stands service, which routes with it (${overlay})`, () => {
      const routing = named(objects, 'Deployment', 'routing') as K8sObject;
      const [container] = containersOf(routing);
      expect(container.command).toEqual(expect.arrayContaining(['osrm-routed', '/data/region.osrm']));
      expect(Number(container.command[container.command.indexOf('--max-table-size') + 1])).toBeGreaterThanOrEqual(151);
      expect(container.volumeMounts).toEqual([expect.objectContaining({ mountPath: '/data', readOnly: true })]);
      expect(podSpec(routing).volumes[0].persistentVolumeClaim.claimName).toBe('routing-data');
      expect(named(objects, 'PersistentVolumeClaim', 'routing-data')).toBeDefined();
      const stands = containersOf(named(objects, 'Deployment', 'stands') as K8sObject)[0];
      const configMap = named(objects, 'ConfigMap', stands.envFrom.find((f: { configMapRef?: { name: string } }) => f.configMapRef)?.configMapRef.name);
      const service = named(objects, 'Service', 'routing');
      expect(configMap?.data.ROUTING_URL).toBe(`http://routing:${service?.spec.ports[0].port}`);
      const policy = ofKind(objects, 'NetworkPolicy').find((p) => p.spec.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'routing');
      expect(
        policy?.spec.ingress.flatMap((r: { from: { podSelector: { matchLabels: Record<string, string> } }[] }) =>
          r.from.map((f) => f.podSelector.matchLabels['app.kubernetes.io/name']),
        ),
      ).toEqual(['stands']);
    });
  }
});

describe('k8s/ sources', () => {
  it('contain no Secret with data', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.ya?ml$/.test(entry)) files.push(full);
      }
    };
    walk(path.join(ROOT, 'k8s'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
        const o = doc.toJS() as K8sObject | null;
        if (!o) continue;
        expect(o.kind === 'Secret' && (o.data || o.stringData), `${path.relative(ROOT, file)} commits a Secret`).toBeFalsy();
        expect(o.secretGenerator, `${path.relative(ROOT, file)} generates a Secret`).toBeUndefined();
      }
    }
  });
});
