// `npm run test:e2e` (and CI's second pass): builds only when the sources changed since the last
// build — the same check as `npm start` (build/.source-hash, scripts/start.mjs).
import { buildIfChanged } from "./start.mjs";

process.exit(buildIfChanged() ? 0 : 1);
