/**
 * Where Debian's `chromium` is (`KIOKU_CHROMIUM` overrides it) and the flags that run it headless, offline
 * and without a sandbox, for `playwright-core`'s `launch` / `launchPersistentContext` in tests that render
 * pages (kioku's HTML report, the investigator's console).
 *
 * @example
 * const browser = await chromium.launch({ executablePath: headlessChromium.path, args: headlessChromium.args });
 */
export const headlessChromium: { readonly path: string; readonly args: readonly string[] } = {
  path: process.env.KIOKU_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
