import { describe, expect, it } from "vitest";
import { parseSubmission } from "./submission";
import { deletionSchema, toggleActiveSchema } from "./fields";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const UUID = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const value = <T>(result: { status?: string; value?: T }) => {
  expect(result.status).toBe("success");
  return result.value as T;
};

describe("the hidden-field forms every admin list shares", () => {
  it("switches post 'true' or 'false' for a record id", () => {
    expect(value(parseSubmission(form({ id: UUID, active: "false" }), toggleActiveSchema))).toEqual({ id: UUID, active: false });
    expect(parseSubmission(form({ id: "1", active: "sim" }), toggleActiveSchema).reply().error).toEqual({
      id: ["Registro inválido."],
      active: ["Valor inválido."],
    });
  });

  it("a delete names its record; the confirmation is read, not required, so the page can ask first", () => {
    expect(value(parseSubmission(form({ id: UUID }), deletionSchema))).toEqual({ id: UUID });
    expect(value(parseSubmission(form({ id: UUID, confirmed: "sim" }), deletionSchema))).toEqual({ id: UUID, confirmed: "sim" });
    expect(parseSubmission(form({ id: "x" }), deletionSchema).reply().error).toEqual({ id: ["Registro inválido."] });
  });
});
