import { describe, expect, it } from "vitest";
import { lucidePerIcon } from "./lucide-per-icon";

function transform(code: string, id = "/work/app/components/example.tsx") {
  const plugin = lucidePerIcon();
  const hook = plugin.transform as (code: string, id: string) => string | null;
  return hook.call({}, code, id);
}

describe("lucidePerIcon", () => {
  it("imports each icon from its own module, keeping aliases, types and line numbers", () => {
    const code = 'import {\n  Heart,\n  Link as LinkIcon,\n  type LucideIcon,\n} from "lucide-react";\nconst x = 1;\n';
    const out = transform(code)!;
    expect(out).toContain('import Heart from "lucide-react/icons/heart";');
    expect(out).toContain('import LinkIcon from "lucide-react/icons/link";');
    expect(out).toContain('import { type LucideIcon } from "lucide-react";');
    expect(out.split("\n").indexOf("const x = 1;")).toBe(code.split("\n").indexOf("const x = 1;"));
  });

  it("maps the icon's aliases (HeartIcon, LucideHeart) and multi-word names to the file", () => {
    const out = transform('import { HeartIcon, HandHeart } from "lucide-react";')!;
    expect(out).toContain('import HeartIcon from "lucide-react/icons/heart";');
    expect(out).toContain('import HandHeart from "lucide-react/icons/hand-heart";');
  });

  it("leaves packages and files that do not use lucide alone", () => {
    expect(transform('import { Heart } from "lucide-react";', "/work/node_modules/x/index.js")).toBeNull();
    expect(transform('import { useState } from "react";')).toBeNull();
  });
});
