import { describe, expect, it } from "vitest";
import { readFormData } from "./form-data.server";

const post = (body: BodyInit | null, type?: string) =>
  new Request("http://localhost:3000/x", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

async function status(run: Promise<unknown>) {
  try {
    await run;
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
}

describe("readFormData", () => {
  it("reads urlencoded and multipart forms", async () => {
    expect((await readFormData(post(new URLSearchParams({ a: "1" })))).get("a")).toBe("1");
    const fd = new FormData();
    fd.append("b", "2");
    expect((await readFormData(post(fd))).get("b")).toBe("2");
  });

  it.each([
    ["JSON", post('{"a":1}', "application/json")],
    ["plain text", post("a=1", "text/plain")],
    ["no body", post(null)],
    ["a broken multipart", post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nsem fim', "multipart/form-data; boundary=x")],
  ])("answers 400 to %s", async (_name, request) => {
    expect(await status(readFormData(request))).toBe(400);
  });

  it("drops NUL characters (PostgreSQL text cannot hold them), keeps everything else", async () => {
    const form = await readFormData(
      post(
        new URLSearchParams([
          ["no\0me", "Ana\0 <b>"],
          ["x", "ok"],
        ]),
      ),
    );
    expect([...form]).toEqual([
      ["nome", "Ana <b>"],
      ["x", "ok"],
    ]);
  });
});
