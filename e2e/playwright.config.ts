import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the real server, started by global-setup on a free
 * port with a fresh data folder (see global-setup.ts).
 */
/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the same engine without
 * the browser's window code, as Playwright itself runs headless) when installed, else the browser.
 * The shell used about a fifth less CPU on the same journeys (docs/decisions/0048-browser-tests-cpu.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const DESKTOP_CHROMIUM = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
/** Specs whose journeys change what every other journey sees. */
const SITE_WIDE_CHANGES = /(admin-settings|trust-statements)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Every spec makes its own people, so tests run in any order on any worker: one server, several
  // browsers (the server is not the bottleneck; most of a journey is the browser's own work).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // No retries: a journey that fails once fails the run (docs/testing.md).
  retries: 0,
  // A bound that only a hang reaches on a busy machine, never a measurement: a journey of 20–25 s
  // alone took over a minute beside two other browsers on two cores (the longest set their own).
  timeout: 120_000,
  // How long an assertion waits for the page to get there. Every journey runs beside others on a
  // small machine, where a page can take several seconds to load; an element that never comes still
  // fails, only later.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Journeys run as a visitor who asked for less motion (prefers-reduced-motion), which the app
    // honours (global.css): no spinner turns and no toast fades while the cores are shared, and axe
    // finds every page at rest at once. Measured on 2026-11-30: 101 journeys in 4 min 35 s against
    // 4 min 56 s (decision 0060).
    reducedMotion: 'reduce',
    // A failed journey keeps its trace (DOM snapshots of every step) locally; no screencast, which
    // cost about a quarter of each journey's CPU. CI keeps no artifacts, so it records none: a
    // failure there still prints its error and the page's accessibility snapshot.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: SITE_WIDE_CHANGES, teardown: 'site-wide-changes', use: DESKTOP_CHROMIUM },
    // Journeys that change site-wide settings (fees, bank details) run once every other journey is
    // done (a teardown of the main project), so no other journey prices a buy while a fee changes
    // under it. Running one other spec on its own runs them too; add --no-deps to leave them out.
    { name: 'site-wide-changes', testMatch: SITE_WIDE_CHANGES, use: DESKTOP_CHROMIUM },
  ],
});
