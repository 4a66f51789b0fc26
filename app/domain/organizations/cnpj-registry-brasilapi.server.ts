/**
 * BrasilAPI's CNPJ endpoint (`GET {url}/{cnpj}`, Receita Federal's open data): 200 with the
 * company, 404 when the CNPJ is unknown. Anything else (5xx, 429, a body that is not the company)
 * throws, and the registry answers "unavailable".
 */
import type { RegistryCompany, RegistryLookup } from "./cnpj-registry";
import type { RegistrySource } from "./cnpj-registry.server";

const BRASILAPI_CNPJ_URL = "https://brasilapi.com.br/api/cnpj/v1";

const text = (value: unknown) => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "");

/** BrasilAPI's fields → ours. */
function companyFromBrasilApi(cnpj: string, body: Record<string, unknown>): RegistryCompany {
  const legalName = text(body.razao_social);
  const status = text(body.descricao_situacao_cadastral);
  if (!legalName || !status) throw new Error("BrasilAPI answered without razao_social or descricao_situacao_cadastral");
  const cnaeCode = text(body.cnae_fiscal);
  const streetType = text(body.descricao_tipo_de_logradouro);
  const street = text(body.logradouro);
  return {
    cnpj,
    legalName,
    tradeName: text(body.nome_fantasia),
    status,
    cnae: cnaeCode ? { code: cnaeCode, description: text(body.cnae_fiscal_descricao) } : null,
    address: {
      street: streetType && street && !street.toUpperCase().startsWith(streetType.toUpperCase()) ? `${streetType} ${street}` : street,
      number: text(body.numero),
      complement: text(body.complemento),
      district: text(body.bairro),
      city: text(body.municipio),
      state: text(body.uf).toUpperCase(),
      zip: text(body.cep).replace(/\D/g, ""),
    },
  };
}

export function brasilApiSource(baseUrl: string = BRASILAPI_CNPJ_URL): RegistrySource {
  const base = baseUrl.replace(/\/$/, "");
  return async (cnpj, signal): Promise<RegistryLookup> => {
    const response = await fetch(`${base}/${encodeURIComponent(cnpj)}`, { signal, headers: { accept: "application/json" } });
    const checkedAt = new Date().toISOString();
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: "not-found", checkedAt };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`BrasilAPI answered ${response.status}`);
    }
    const body = (await response.json()) as unknown;
    if (!body || typeof body !== "object") throw new Error("BrasilAPI answered a body that is not an object");
    return { kind: "found", company: companyFromBrasilApi(cnpj, body as Record<string, unknown>), checkedAt };
  };
}
