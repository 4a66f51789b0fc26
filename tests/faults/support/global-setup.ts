import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The fault suite runs the built server: build it once if BUILD_DIR (default ./build) has none. */
export default function setup() {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (fs.existsSync(path.join(buildDir, "server/index.js"))) return;
  console.log(`test:faults: building into ${buildDir}`);
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("build failed");
}
