/**
 * A local PSP speaking the Central Bank's API Pix, for the adapter's tests: HTTPS with mutual TLS
 * (a client certificate signed by the test CA is required, as Efí requires), OAuth
 * client_credentials at /oauth/token, and under /v2: PUT/GET /cob/{txid}, PUT /webhook/{chave},
 * PUT/GET /pix/{e2eid}/devolucao/{id} (settled by `settle`, also for a MED), and Pix Automático as
 * BCB's API Pix 2.9.0 writes it: POST /locrec, POST /rec (with `loc`: then GET /rec/{idRec} has
 * `dadosQR`), PATCH /rec/{idRec}, PUT/GET /cobr/{txid}, PUT /webhookrec, PUT /webhookcobr; the
 * notifications `recStatus` / `cobrStatus` return are the standard's `{ recs }` / `{ cobsr }` bodies.
 * The certificates are made for each run with the openssl CLI.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export type FakeDevolucao = {
  id: string;
  rtrId: string;
  valor: string;
  natureza: string;
  motivo?: string;
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  horario: { solicitacao: string; liquidacao?: string };
};

export type FakeCob = {
  txid: string;
  revisao: number;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: Array<{ nome: string; valor: string }>;
  loc: { id: number; location: string; tipoCob: "cob" };
  location: string;
  pixCopiaECola: string;
  pix?: Array<{ endToEndId: string; txid: string; valor: string; horario: string; chave: string }>;
};

function openssl(args: string[], cwd: string) {
  execFileSync("openssl", args, { cwd, stdio: "ignore" });
}

/** A CA, a server certificate for 127.0.0.1/localhost and a client certificate (PEM and PKCS#12), in a temp folder. */
export function makeTestCertificates() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pix-certs-"));
  openssl(
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=Test PSP CA"],
    dir,
  );
  fs.writeFileSync(path.join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  for (const [name, cn, ext] of [
    ["server", "localhost", ["-extfile", "san.ext"]],
    ["client", "festa-solidaria", []],
    ["stranger", "someone-else", []],
  ] as const) {
    openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", `/CN=${cn}`], dir);
    // The stranger's certificate is self-signed: not issued by the PSP's CA.
    if (name === "stranger")
      openssl(["x509", "-req", "-in", `${name}.csr`, "-signkey", `${name}.key`, "-out", `${name}.crt`, "-days", "2"], dir);
    else
      openssl(
        [
          "x509",
          "-req",
          "-in",
          `${name}.csr`,
          "-CA",
          "ca.crt",
          "-CAkey",
          "ca.key",
          "-CAcreateserial",
          "-out",
          `${name}.crt`,
          "-days",
          "2",
          ...ext,
        ],
        dir,
      );
  }
  openssl(["pkcs12", "-export", "-in", "client.crt", "-inkey", "client.key", "-out", "client.p12", "-passout", "pass:segredo"], dir);
  const file = (name: string) => path.join(dir, name);
  return { dir, file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The standard's CobRSolicitada `recebedor` (agência and conta in digits, tipoConta of its enum). */
function validRecebedor(value: unknown) {
  const r = value as { agencia?: unknown; conta?: unknown; tipoConta?: unknown } | null;
  return (
    typeof r === "object" &&
    r !== null &&
    typeof r.agencia === "string" &&
    /^\d{1,4}$/.test(r.agencia) &&
    typeof r.conta === "string" &&
    /^\d{1,20}$/.test(r.conta) &&
    ["CORRENTE", "POUPANCA", "PAGAMENTO"].includes(String(r.tipoConta))
  );
}

export async function startPixPspFake(
  certs: ReturnType<typeof makeTestCertificates>,
  client = { id: "Client_Id_teste", secret: "Client_Secret_teste" },
) {
  const cobs = new Map<string, FakeCob>();
  const requests: Array<{ method: string; path: string; body: unknown; clientCn: string | null }> = [];
  const tokens = new Set<string>();
  const webhooks = new Map<string, string>();
  const devolucoes = new Map<string, FakeDevolucao>();
  const recs = new Map<
    string,
    { idRec: string; status: string; atualizacao: Array<{ status: string; data: string }> } & Record<string, unknown>
  >();
  const cobrs = new Map<
    string,
    { txid: string; status: string; atualizacao: Array<{ status: string; data: string }> } & Record<string, unknown>
  >();
  const locrecs = new Map<number, string>();
  const state = { down: false, tokenCalls: 0, refuseRefunds: false };
  /** Pix the PSP received outside any of our charges' records (a reconciliation test's stranger). */
  const extraPix: NonNullable<FakeCob["pix"]> = [];

  const server = https.createServer(
    {
      key: fs.readFileSync(certs.file("server.key")),
      cert: fs.readFileSync(certs.file("server.crt")),
      ca: fs.readFileSync(certs.file("ca.crt")),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
        const url = new URL(req.url ?? "/", "https://127.0.0.1");
        const peer = (req.socket as import("node:tls").TLSSocket).getPeerCertificate();
        requests.push({ method: req.method ?? "", path: url.pathname, body, clientCn: (peer.subject?.CN as string | undefined) ?? null });
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(payload));
        };
        if (state.down) return send(503, { nome: "servico_indisponivel", mensagem: "Serviço indisponível" });
        if (url.pathname === "/oauth/token" && req.method === "POST") {
          state.tokenCalls++;
          const expected = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`;
          if (req.headers.authorization !== expected || body?.grant_type !== "client_credentials")
            return send(401, { error: "invalid_client" });
          const token = randomBytes(16).toString("hex");
          tokens.add(token);
          return send(200, {
            access_token: token,
            token_type: "Bearer",
            expires_in: 3600,
            scope: "cob.write cob.read pix.read pix.write webhook.write",
          });
        }
        const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
        if (!tokens.has(bearer)) return send(401, { nome: "nao_autorizado", mensagem: "Token inválido" });
        let m;
        if ((m = /^\/v2\/cob\/([A-Za-z0-9]{26,35})$/.exec(url.pathname))) {
          const txid = m[1]!;
          if (req.method === "GET") {
            const cob = cobs.get(txid);
            return cob ? send(200, cob) : send(404, { nome: "cobranca_nao_encontrada", mensagem: "Cobrança não encontrada" });
          }
          if (req.method === "PUT") {
            if (cobs.has(txid)) return send(400, { nome: "txid_duplicado", mensagem: "Campo txid já utilizado" });
            const b = body as { calendario: { expiracao: number }; valor: { original: string }; chave: string };
            if (!/^\d+\.\d{2}$/.test(b?.valor?.original ?? "") || !b.chave)
              return send(400, { nome: "valor_invalido", mensagem: "Requisição inválida" });
            const location = `pix.example.test/v2/cobv/${txid.toLowerCase()}`;
            const cob: FakeCob = {
              txid,
              revisao: 0,
              status: "ATIVA",
              calendario: { criacao: new Date().toISOString(), expiracao: b.calendario.expiracao },
              valor: b.valor,
              chave: b.chave,
              solicitacaoPagador: (body as { solicitacaoPagador?: string }).solicitacaoPagador,
              infoAdicionais: (body as { infoAdicionais?: FakeCob["infoAdicionais"] }).infoAdicionais,
              loc: { id: cobs.size + 1, location, tipoCob: "cob" },
              location,
              pixCopiaECola: `00020101021226830014BR.GOV.BCB.PIX2561${location}5204000053039865802BR5913FESTA SOLIDAR6014BELO HORIZONTE62070503***6304ABCD`,
            };
            cobs.set(txid, cob);
            return send(201, cob);
          }
        }
        if (url.pathname === "/v2/locrec" && req.method === "POST") {
          const id = locrecs.size + 100;
          const location = `pix.example.test/qr/v2/rec/${randomBytes(16).toString("hex")}`;
          locrecs.set(id, location);
          return send(201, { id, location, criacao: new Date().toISOString() });
        }
        if (url.pathname === "/v2/rec" && req.method === "POST") {
          const b = body as {
            vinculo: { contrato: string; objeto: string; devedor?: { cpf?: string; nome?: string } };
            calendario: object;
            valor: { valorRec: string };
            loc?: number;
          };
          if (
            !/^\d+\.\d{2}$/.test(b?.valor?.valorRec ?? "") ||
            !/^\d{11}$/.test(b?.vinculo?.devedor?.cpf ?? "") ||
            !b.vinculo.devedor?.nome
          )
            return send(400, { nome: "valor_invalido", mensagem: "Requisição inválida" });
          if (b.loc !== undefined && !locrecs.has(b.loc)) return send(400, { nome: "loc_inexistente", mensagem: "Location inexistente" });
          const idRec = `RR12345678${new Date().toISOString().slice(0, 10).replace(/-/g, "")}${randomBytes(6).toString("hex").slice(0, 11)}`;
          const location = b.loc === undefined ? undefined : locrecs.get(b.loc)!;
          const rec = {
            idRec,
            status: "CRIADA",
            vinculo: b.vinculo,
            calendario: b.calendario,
            valor: b.valor,
            politicaRetentativa: "PERMITE_3R_7D",
            ...(location ? { loc: { id: b.loc, location, idRec } } : {}),
            atualizacao: [{ status: "CRIADA", data: new Date().toISOString() }],
          };
          recs.set(idRec, rec);
          return send(201, rec);
        }
        if ((m = /^\/v2\/rec\/([A-Za-z0-9]+)$/.exec(url.pathname)) && req.method === "GET") {
          const rec = recs.get(m[1]!);
          if (!rec) return send(404, { nome: "rec_nao_encontrada", mensagem: "Recorrência não encontrada" });
          // Jornada 2: the QR code of the recurrence, only when it has a location.
          const loc = rec.loc as { location: string } | undefined;
          return send(
            200,
            loc
              ? {
                  ...rec,
                  dadosQR: {
                    jornada: "JORNADA_2",
                    pixCopiaECola: `00020126180014br.gov.bcb.pix80800014br.gov.bcb.pix2558${loc.location}6304ABCD`,
                  },
                }
              : rec,
          );
        }
        if ((m = /^\/v2\/rec\/([A-Za-z0-9]+)$/.exec(url.pathname)) && req.method === "PATCH") {
          const rec = recs.get(m[1]!);
          if (!rec) return send(404, { nome: "rec_nao_encontrada", mensagem: "Recorrência não encontrada" });
          if ((body as { status?: string })?.status !== "CANCELADA" || rec.status === "CANCELADA")
            return send(400, { nome: "rec_operacao_invalida", mensagem: "Recorrência não pode ser alterada" });
          rec.status = "CANCELADA";
          rec.encerramento = { cancelamento: { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR", descricao: "Cancelamento solicitado" } };
          rec.atualizacao.push({ status: "CANCELADA", data: new Date().toISOString() });
          return send(200, rec);
        }
        if ((m = /^\/v2\/cobr\/([A-Za-z0-9]{26,35})$/.exec(url.pathname))) {
          const txid = m[1]!;
          if (req.method === "GET") return cobrs.has(txid) ? send(200, cobrs.get(txid)) : send(404, { nome: "cobranca_nao_encontrada" });
          if (req.method === "PUT") {
            if (cobrs.has(txid)) return send(400, { nome: "txid_duplicado", mensagem: "Campo txid já utilizado" });
            const b = body as { idRec: string; calendario: { dataDeVencimento: string }; valor: { original: string }; recebedor?: unknown };
            if (!recs.has(b.idRec)) return send(400, { nome: "rec_inexistente", mensagem: "Recorrência inexistente" });
            // CobRSolicitada's `recebedor`: agência, conta and tipoConta, as the standard spells them.
            if (b.recebedor !== undefined && !validRecebedor(b.recebedor))
              return send(400, { nome: "cobr_invalida", mensagem: "Campo recebedor inválido" });
            const cobr = {
              idRec: b.idRec,
              txid,
              status: "ATIVA",
              calendario: b.calendario,
              valor: b.valor,
              ...(b.recebedor ? { recebedor: b.recebedor } : {}),
              atualizacao: [{ status: "ATIVA", data: new Date().toISOString() }],
            };
            cobrs.set(txid, cobr);
            return send(201, cobr);
          }
        }
        // A retry of a failed month on a date (issue 30): accepted for a charge it knows.
        if ((m = /^\/v2\/cobr\/([A-Za-z0-9]{26,35})\/retentativa\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname)) && req.method === "POST") {
          return cobrs.has(m[1]!) ? send(200, cobrs.get(m[1]!)) : send(404, { nome: "cobranca_nao_encontrada" });
        }
        if ((url.pathname === "/v2/webhookrec" || url.pathname === "/v2/webhookcobr") && req.method === "PUT") {
          webhooks.set(url.pathname.slice(4), String((body as { webhookUrl?: string })?.webhookUrl));
          return send(200, null);
        }
        if ((m = /^\/v2\/webhook\/(.+)$/.exec(url.pathname)) && req.method === "PUT") {
          webhooks.set(decodeURIComponent(m[1]!), String((body as { webhookUrl?: string })?.webhookUrl));
          return send(200, { webhookUrl: (body as { webhookUrl?: string })?.webhookUrl });
        }
        if (url.pathname === "/v2/pix" && req.method === "GET") {
          // The standard's list of Pix received in [inicio, fim], each with its devoluções; one page here.
          const from = Date.parse(url.searchParams.get("inicio") ?? "");
          const to = Date.parse(url.searchParams.get("fim") ?? "");
          if (Number.isNaN(from) || Number.isNaN(to))
            return send(400, { nome: "parametros_invalidos", mensagem: "inicio e fim obrigatórios" });
          const pix = [...cobs.values(), ...extraPix.map((p) => ({ pix: [p] }))]
            .flatMap((c) => c.pix ?? [])
            .filter((p) => Date.parse(p.horario) >= from && Date.parse(p.horario) <= to)
            .map((p) => ({
              ...p,
              devolucoes: [...devolucoes.entries()].filter(([k]) => k.startsWith(`${p.endToEndId}/`)).map(([, d]) => d),
            }));
          return send(200, {
            parametros: {
              inicio: url.searchParams.get("inicio"),
              fim: url.searchParams.get("fim"),
              paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: pix.length },
            },
            pix,
          });
        }
        if ((m = /^\/v2\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(url.pathname))) {
          const key = `${m[1]}/${m[2]}`;
          if (req.method === "GET") {
            const found = devolucoes.get(key);
            return found ? send(200, found) : send(404, { nome: "devolucao_nao_encontrada", mensagem: "Devolução não encontrada" });
          }
          if (req.method === "PUT") {
            if (state.refuseRefunds)
              return send(400, { nome: "valor_devolucao_atingido", mensagem: "Valor de devolução excede o disponível" });
            // Like Efí: the same id twice is refused; the client finds it with GET.
            if (devolucoes.has(key)) return send(400, { nome: "id_devolucao_duplicado", mensagem: "Id de devolução já utilizado" });
            const devolucao: FakeDevolucao = {
              id: m[2]!,
              rtrId: `D${m[1]!.slice(1, 30)}${devolucoes.size}`,
              valor: (body as { valor: string }).valor,
              natureza: "ORIGINAL",
              status: "EM_PROCESSAMENTO",
              horario: { solicitacao: new Date().toISOString() },
            };
            devolucoes.set(key, devolucao);
            return send(201, devolucao);
          }
        }
        return send(404, { nome: "nao_encontrado" });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    cobs,
    extraPix,
    requests,
    webhooks,
    state,
    /** A payer pays the charge (or another amount): the PSP records it and returns its webhook body. */
    pay(txid: string, valor?: string, horario = new Date()) {
      const cob = cobs.get(txid)!;
      const pix = {
        endToEndId: `E${"12345678"}${horario.toISOString().replace(/\D/g, "").slice(0, 12)}${randomBytes(6).toString("hex").slice(0, 11)}`,
        txid,
        valor: valor ?? cob.valor.original,
        horario: horario.toISOString(),
        chave: cob.chave,
        infoPagador: "Doação",
      };
      cob.pix = [...(cob.pix ?? []), pix];
      cob.status = "CONCLUIDA";
      return { pix: [pix] };
    },
    devolucoes,
    recs,
    cobrs,
    /**
     * Pix Automático: the payer's bank approves, refuses or cancels a recurrence (or it expires unanswered), or a month's charge settles
     * or fails; returns the standard's notification (RecNotification / CobRNotification: ids,
     * status, history, closing — no contract, amount or due date).
     */
    recStatus(idRec: string, status: "APROVADA" | "CANCELADA" | "REJEITADA" | "EXPIRADA", solicitante?: string) {
      const rec = recs.get(idRec)!;
      if (rec.status !== status) {
        rec.status = status;
        rec.atualizacao.push({ status, data: new Date().toISOString() });
      }
      if (solicitante) rec.encerramento = { cancelamento: { solicitante, codigo: "ACCL", descricao: "Cancelamento" } };
      return {
        recs: [
          { idRec, status: rec.status, atualizacao: rec.atualizacao, ...(rec.encerramento ? { encerramento: rec.encerramento } : {}) },
        ],
      };
    },
    cobrStatus(txid: string, status: "CONCLUIDA" | "REJEITADA") {
      const cobr = cobrs.get(txid)!;
      cobr.status = status;
      cobr.atualizacao.push({ status, data: new Date().toISOString() });
      return { cobsr: [{ idRec: cobr.idRec, txid, status, atualizacao: cobr.atualizacao }] };
    },
    /** The PSP settles a devolução (or makes one under the MED): the webhook body, the Pix with its devoluções. */
    settle(endToEndId: string, devolucaoId?: string, med?: { valor: string; natureza: string; motivo: string }) {
      const cob = [...cobs.values()].find((c) => c.pix?.some((p) => p.endToEndId === endToEndId))!;
      const pix = cob.pix!.find((p) => p.endToEndId === endToEndId)!;
      if (med) {
        const id = `MED${devolucoes.size}`;
        devolucoes.set(`${endToEndId}/${id}`, {
          id,
          rtrId: `D${endToEndId.slice(1, 30)}${devolucoes.size}`,
          valor: med.valor,
          natureza: med.natureza,
          motivo: med.motivo,
          status: "DEVOLVIDO",
          horario: { solicitacao: new Date().toISOString(), liquidacao: new Date().toISOString() },
        });
      } else {
        const d = devolucoes.get(`${endToEndId}/${devolucaoId}`)!;
        d.status = "DEVOLVIDO";
        d.horario.liquidacao = new Date().toISOString();
      }
      const own = [...devolucoes.entries()].filter(([k]) => k.startsWith(`${endToEndId}/`)).map(([, d]) => d);
      return { pix: [{ ...pix, devolucoes: own }] };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
