import { resetEnvForTests } from '@/server/env';

/**
 * Remembers the values of `keys` in this process's environment, for a test file that configures the
 * service in-process (as an instance would read it); the returned function puts them back and has
 * the configuration read again.
 */
export function rememberProcessConfig(keys: readonly string[]): () => void {
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  return () => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvForTests();
  };
}
