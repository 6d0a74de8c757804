import fs from 'node:fs';

/**
 * The features Playwright turns off in the Chromium it starts (its `chromiumSwitches`), repeated
 * because Chromium reads only the last `--disable-features` it is given; `chromium.spec.ts` fails
 * when Playwright's list has one this lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's popups, which Chromium draws as web pages of their own: one renderer each for
 * every browser context, about a second of CPU at its start, though a headless test never shows
 * an address bar. The browser tests open a few hundred contexts.
 */
const UNSHOWN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** Flags for a headless Chromium on a machine with no network but loopback: nothing phones home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSHOWN_FEATURES].join(',')}`,
];

/** The system Chromium the browser tests drive (we never download one). */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)));
}
