/**
 * Installability of the web app (issue 19, item 6), for `npm run audit:web`: Chromium's own check of
 * the web app manifest and the service worker, which Lighthouse's `installable-manifest` audit
 * reported until Lighthouse 12 dropped its PWA category. The same answer comes straight from the
 * browser through the DevTools protocol (Page.getInstallabilityErrors), beside the manifest's icons
 * (a maskable one, as the former `maskable-icon` audit asked).
 *
 * Returns the missed bars (an empty list when the app is installable).
 */
export async function installability(context, origin, out) {
  const page = await context.newPage();
  const missed = [];
  try {
    await page.goto(`${origin}/`);
    // The worker claims the page it was installed from; until then Chromium reports no-worker errors.
    const controlled = await page
      .waitForFunction(() => globalThis.navigator?.serviceWorker?.controller != null, null, { timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    const icons = manifest.data ? (JSON.parse(manifest.data).icons ?? []) : [];
    const maskable = icons.some((icon) =>
      String(icon.purpose ?? '')
        .split(/\s+/)
        .includes('maskable'),
    );
    const errors = installabilityErrors.map((e) => [e.errorId, ...(e.errorArguments ?? []).map((a) => `${a.name}=${a.value}`)].join(' '));
    out(`Installability (Chromium's check, as Lighthouse's former installable-manifest audit) of ${origin}/`);
    out(
      `  manifest ${manifest.url || 'missing'}${manifest.errors.length ? `, ${manifest.errors.length} error(s): ${manifest.errors.map((e) => e.message).join('; ')}` : ''}`,
    );
    out(
      `  service worker controls the page: ${controlled ? 'yes' : 'no'}; icons: ${icons.map((i) => `${i.sizes}${i.purpose && i.purpose !== 'any' ? ` ${i.purpose}` : ''}`).join(', ') || 'none'}`,
    );
    out(`  installable: ${errors.length === 0 ? 'yes' : `no (${errors.join('; ')})`}`);
    if (errors.length > 0) missed.push(`not installable: ${errors.join('; ')}`);
    if (manifest.errors.length > 0) missed.push(`web app manifest: ${manifest.errors.map((e) => e.message).join('; ')}`);
    if (!controlled) missed.push('the service worker did not take over the page within 30 s');
    if (!maskable) missed.push('the web app manifest has no maskable icon');
  } finally {
    // A page that does not close (its service worker busy) must not hold the audit: the browser's
    // own close, which follows, kills what is left.
    await Promise.race([page.close(), new Promise((resolve) => setTimeout(resolve, 30_000))]);
  }
  return missed;
}
