import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './log.js';

const log = createLogger();

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) log.error(`configuration: ${problem}`);
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // Loaded only after the configuration is valid, so a bad start prints nothing but the problems.
  const { startDevIdp } = await import('./server.js');
  const idp = await startDevIdp(config, { logger: log });

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    idp.close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error('shutdown failed', { err });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  log.error('failed to start', { err });
  process.exit(1);
});
