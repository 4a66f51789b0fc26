/**
 * The CNPJ registry's offline twin: used in tests, the sandbox and development (CNPJ_REGISTRY=offline,
 * the default outside production), so the application form runs the same code path with no
 * internet. Fixed, fictitious companies (valid check digits, not real institutions):
 *
 *   24.581.367/0001-04  active ("ATIVA")            Associação Mãos que Ajudam
 *   31.826.459/0001-72  inactive ("BAIXADA")        Instituto Sol Nascente
 *   40.291.735/0001-36  never answers (timeout)     — the registry's timeout gives up on it
 *   55.937.182/0001-13  unknown (as BrasilAPI's 404); so is any other CNPJ
 *   12.ABC.345/01DE-35  active, alphanumeric        Coletivo Horta Viva
 */
import type { RegistryCompany } from "./cnpj-registry";
import type { RegistrySource } from "./cnpj-registry.server";

export const OFFLINE_REGISTRY_CNPJS = {
  active: "24581367000104",
  inactive: "31826459000172",
  timeout: "40291735000136",
  unknown: "55937182000113",
  alphanumeric: "12ABC34501DE35",
} as const;

const company = (c: Omit<RegistryCompany, "address"> & { address: Partial<RegistryCompany["address"]> }): RegistryCompany => ({
  ...c,
  address: { street: "", number: "", complement: "", district: "", city: "", state: "", zip: "", ...c.address },
});

const COMPANIES: Record<string, RegistryCompany> = {
  [OFFLINE_REGISTRY_CNPJS.active]: company({
    cnpj: OFFLINE_REGISTRY_CNPJS.active,
    legalName: "ASSOCIACAO MAOS QUE AJUDAM",
    tradeName: "MAOS QUE AJUDAM",
    status: "ATIVA",
    cnae: { code: "8800600", description: "Serviços de assistência social sem alojamento" },
    address: { street: "RUA DOS GUAJAJARAS", number: "410", district: "CENTRO", city: "BELO HORIZONTE", state: "MG", zip: "30180100" },
  }),
  [OFFLINE_REGISTRY_CNPJS.inactive]: company({
    cnpj: OFFLINE_REGISTRY_CNPJS.inactive,
    legalName: "INSTITUTO SOL NASCENTE",
    tradeName: "",
    status: "BAIXADA",
    cnae: { code: "9430800", description: "Atividades de associações de defesa de direitos sociais" },
    address: { street: "AVENIDA SETE DE SETEMBRO", number: "1200", district: "VITORIA", city: "SALVADOR", state: "BA", zip: "40080001" },
  }),
  [OFFLINE_REGISTRY_CNPJS.alphanumeric]: company({
    cnpj: OFFLINE_REGISTRY_CNPJS.alphanumeric,
    legalName: "COLETIVO HORTA VIVA",
    tradeName: "HORTA VIVA",
    status: "ATIVA",
    cnae: { code: "9499500", description: "Atividades associativas não especificadas anteriormente" },
    address: {
      street: "RUA AUGUSTA",
      number: "77",
      complement: "SALA 3",
      district: "CONSOLACAO",
      city: "SAO PAULO",
      state: "SP",
      zip: "01305000",
    },
  }),
};

/**
 * The twin's answers. The timeout CNPJ waits for the lookup's abort signal, as a registry that
 * never answers would, so the registry's own timeout (cnpj-registry.server.ts) is what ends it.
 */
export const offlineRegistrySource: RegistrySource = (cnpj, signal) => {
  if (cnpj === OFFLINE_REGISTRY_CNPJS.timeout) {
    return new Promise((_resolve, reject) => {
      const stop = () => reject(signal.reason ?? new Error("aborted"));
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
    });
  }
  const found = COMPANIES[cnpj];
  const checkedAt = new Date().toISOString();
  return Promise.resolve(found ? { kind: "found", company: found, checkedAt } : { kind: "not-found", checkedAt });
};
