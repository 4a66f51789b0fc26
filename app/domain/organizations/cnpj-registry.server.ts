/**
 * The CNPJ registry the configuration chose (CNPJ_REGISTRY: `brasilapi` in production, the offline
 * twin elsewhere), behind one timeout and one cache. Built once per app and handed to loaders and
 * actions in the request context (`context.cnpjRegistry`, app/deps.server.ts), never a global.
 *
 * The cache is in memory, per process (docs/decisions/178-institution-applications.md): registry
 * data is public and changes rarely, the evidence an admin needs is copied onto the application
 * when it is sent, so nothing is lost on a restart; a table would add a migration and writes for
 * data that can be fetched again. Found and not-found answers stay 24 hours and 1 hour; an
 * unavailable registry is remembered for a minute, so the applicant's "Enviar" right after a
 * timed-out "Consultar" does not wait again.
 */
import type { Config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import type { CnpjRegistry, RegistryLookup } from "./cnpj-registry";
import { brasilApiSource } from "./cnpj-registry-brasilapi.server";
import { offlineRegistrySource } from "./cnpj-registry-offline.server";

/** One adapter's raw lookup: may throw (network, 5xx, bad JSON) and must stop when `signal` aborts. */
export type RegistrySource = (cnpj: string, signal: AbortSignal) => Promise<RegistryLookup>;

const TTL_MS = { found: 24 * 3600_000, "not-found": 3600_000, unavailable: 60_000 } as const;
const MAX_ENTRIES = 2000;

export function createCnpjRegistry(options: {
  name: CnpjRegistry["name"];
  source: RegistrySource;
  timeoutMs: number;
  now?: () => number;
}): CnpjRegistry {
  const { name, source, timeoutMs } = options;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { lookup: RegistryLookup; until: number }>();

  async function fetchOnce(cnpj: string): Promise<RegistryLookup> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error("timeout")), timeoutMs);
    try {
      return await source(cnpj, controller.signal);
    } catch (error) {
      const reason = controller.signal.aborted ? "timeout" : "error";
      logger.warn({ err: error, registry: name, reason }, "Consulta de CNPJ sem resposta");
      return { kind: "unavailable", reason };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name,
    async lookup(cnpj) {
      const kept = cache.get(cnpj);
      if (kept && kept.until > now()) return kept.lookup;
      const lookup = await fetchOnce(cnpj);
      cache.delete(cnpj);
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(cnpj, { lookup, until: now() + TTL_MS[lookup.kind] });
      return lookup;
    },
  };
}

/** The registry for this configuration. */
export function cnpjRegistryFor(config: Pick<Config, "cnpjRegistry">): CnpjRegistry {
  const { kind, url, timeoutMs } = config.cnpjRegistry;
  return kind === "brasilapi"
    ? createCnpjRegistry({ name: "brasilapi", source: brasilApiSource(url), timeoutMs })
    : createCnpjRegistry({ name: "offline", source: offlineRegistrySource, timeoutMs });
}
