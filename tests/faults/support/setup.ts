import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_SECRET } from "./harness";

// The test process only seeds and checks the database; the servers under test get their own env.
process.env.NODE_ENV = "test";
process.env.APP_SECRET = APP_SECRET;
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "fs-faults-"));
process.env.LOG_LEVEL = "silent";
delete process.env.DATABASE_URL;
