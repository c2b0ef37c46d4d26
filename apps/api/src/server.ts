import { type Config, ConfigError, loadConfig } from './config';

/**
 * The shop's process entry. It reads the configuration before loading anything else, so a bad
 * setting is refused with its one-line message by a process that has opened nothing and loaded no
 * native module: it ends on its own with exit code 1 (no process.exit racing module loading).
 */
function readConfig(): Config | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return undefined;
  }
}

const config = readConfig();
if (config) {
  const { start } = await import('./start');
  await start(config);
}
