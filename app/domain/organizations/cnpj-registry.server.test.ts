import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brasilApiSource } from "./cnpj-registry-brasilapi.server";
import { OFFLINE_REGISTRY_CNPJS, offlineRegistrySource } from "./cnpj-registry-offline.server";
import { cnpjRegistryFor, createCnpjRegistry } from "./cnpj-registry.server";

// BrasilAPI's answer for a CNPJ, trimmed to the fields we read plus a few we do not.
const brasilApiBody = {
  cnpj: "24581367000104",
  razao_social: "ASSOCIACAO MAOS QUE AJUDAM",
  nome_fantasia: "MAOS QUE AJUDAM",
  descricao_situacao_cadastral: "ATIVA",
  cnae_fiscal: 8800600,
  cnae_fiscal_descricao: "Serviços de assistência social sem alojamento",
  descricao_tipo_de_logradouro: "RUA",
  logradouro: "DOS GUAJAJARAS",
  numero: "410",
  complemento: "",
  bairro: "CENTRO",
  municipio: "BELO HORIZONTE",
  uf: "MG",
  cep: "30180100",
  qsa: [],
};

/** A local stand-in for BrasilAPI: each CNPJ picks a behaviour. No internet here. */
let server: Server;
let baseUrl: string;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const cnpj = req.url!.split("/").pop()!;
    hits.push(cnpj);
    if (cnpj === "24581367000104" || cnpj === "12ABC34501DE35") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...brasilApiBody, cnpj }));
    } else if (cnpj === "40291735000136") {
      setTimeout(() => res.writeHead(200).end("{}"), 2000); // answers after the timeout
    } else if (cnpj === "31826459000172") {
      res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
    } else if (cnpj === "32746159000146") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>manutenção</html>");
    } else {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "CNPJ não encontrado" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cnpj/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const realRegistry = (timeoutMs = 300) => createCnpjRegistry({ name: "brasilapi", source: brasilApiSource(baseUrl), timeoutMs });

describe("CNPJ registry: BrasilAPI adapter against a local server", () => {
  it("reads the company: names, status, CNAE and address", async () => {
    const lookup = await realRegistry().lookup("24581367000104");
    expect(lookup).toMatchObject({
      kind: "found",
      company: {
        cnpj: "24581367000104",
        legalName: "ASSOCIACAO MAOS QUE AJUDAM",
        tradeName: "MAOS QUE AJUDAM",
        status: "ATIVA",
        cnae: { code: "8800600", description: "Serviços de assistência social sem alojamento" },
        address: { street: "RUA DOS GUAJAJARAS", number: "410", district: "CENTRO", city: "BELO HORIZONTE", state: "MG", zip: "30180100" },
      },
    });
  });

  it("asks for an alphanumeric CNPJ as its 14 characters", async () => {
    const lookup = await realRegistry().lookup("12ABC34501DE35");
    expect(lookup.kind).toBe("found");
    expect(hits).toContain("12ABC34501DE35");
  });

  it("says not-found on a 404", async () => {
    expect(await realRegistry().lookup("55937182000113")).toMatchObject({ kind: "not-found" });
  });

  it("gives up after the timeout and says unavailable, without waiting for the slow answer", async () => {
    const started = Date.now();
    expect(await realRegistry(300).lookup("40291735000136")).toEqual({ kind: "unavailable", reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("says unavailable on a 5xx and on a body that is not the company", async () => {
    expect(await realRegistry().lookup("31826459000172")).toEqual({ kind: "unavailable", reason: "error" });
    expect(await realRegistry().lookup("32746159000146")).toEqual({ kind: "unavailable", reason: "error" });
  });

  it("says unavailable when nothing listens at the address", async () => {
    const down = createCnpjRegistry({ name: "brasilapi", source: brasilApiSource("http://127.0.0.1:9/api/cnpj/v1"), timeoutMs: 1000 });
    expect(await down.lookup("24581367000104")).toEqual({ kind: "unavailable", reason: "error" });
  });
});

describe("CNPJ registry: cache", () => {
  it("answers a found CNPJ from memory for 24 hours, then asks again", async () => {
    let now = 0;
    const registry = createCnpjRegistry({ name: "brasilapi", source: brasilApiSource(baseUrl), timeoutMs: 300, now: () => now });
    const before = hits.length;
    await registry.lookup("24581367000104");
    await registry.lookup("24581367000104");
    expect(hits.length - before).toBe(1);
    now += 24 * 3600_000 + 1;
    await registry.lookup("24581367000104");
    expect(hits.length - before).toBe(2);
  });

  it("remembers an unavailable registry for one minute only", async () => {
    let now = 0;
    let calls = 0;
    const registry = createCnpjRegistry({
      name: "brasilapi",
      source: async () => {
        calls++;
        throw new Error("down");
      },
      timeoutMs: 300,
      now: () => now,
    });
    await registry.lookup("24581367000104");
    await registry.lookup("24581367000104");
    expect(calls).toBe(1);
    now += 60_001;
    await registry.lookup("24581367000104");
    expect(calls).toBe(2);
  });
});

describe("CNPJ registry: the offline twin", () => {
  const twin = createCnpjRegistry({ name: "offline", source: offlineRegistrySource, timeoutMs: 200 });

  it("knows an active, an inactive and an alphanumeric CNPJ", async () => {
    expect(await twin.lookup(OFFLINE_REGISTRY_CNPJS.active)).toMatchObject({ kind: "found", company: { status: "ATIVA" } });
    expect(await twin.lookup(OFFLINE_REGISTRY_CNPJS.inactive)).toMatchObject({ kind: "found", company: { status: "BAIXADA" } });
    expect(await twin.lookup(OFFLINE_REGISTRY_CNPJS.alphanumeric)).toMatchObject({
      kind: "found",
      company: { legalName: "COLETIVO HORTA VIVA" },
    });
  });

  it("does not know the unknown one, and the timeout one ends with the registry's timeout", async () => {
    expect(await twin.lookup(OFFLINE_REGISTRY_CNPJS.unknown)).toMatchObject({ kind: "not-found" });
    expect(await twin.lookup(OFFLINE_REGISTRY_CNPJS.timeout)).toEqual({ kind: "unavailable", reason: "timeout" });
  });

  it("is what the configuration picks outside production; BrasilAPI when asked", () => {
    expect(cnpjRegistryFor({ cnpjRegistry: { kind: "offline", url: baseUrl, timeoutMs: 3000 } }).name).toBe("offline");
    expect(cnpjRegistryFor({ cnpjRegistry: { kind: "brasilapi", url: baseUrl, timeoutMs: 3000 } }).name).toBe("brasilapi");
  });
});
