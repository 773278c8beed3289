/**
 * The one way this project launches a browser: Debian's Chromium (never one a tool downloads),
 * with the flags that keep it quiet and offline. Used by the Playwright config and the benchmark.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
