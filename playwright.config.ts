import { defineConfig } from "@playwright/test";

// One port per run, shared with the workers through the environment.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 2000));
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "mobile", use: { viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true } },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  ]
    .slice(0, process.env.E2E_ALL_VIEWPORTS ? 2 : 1)
    .map((p) => (process.env.E2E_ALL_VIEWPORTS ? p : { ...p, name: "chromium" })),
  webServer: {
    command: "node tests/e2e/start-server.js",
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port) },
  },
});
