import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ once when it is missing or older than src/ (the CLI tests run the built binary).
    globalSetup: ['test/setup/build.ts'],
    // The core with the Node host's memory budget, WebAssembly, pools and sandbox (as src/index.ts gives the library).
    setupFiles: ['test/setup/node-host.ts'],
    testTimeout: 60_000,
    // Many tests wait on processes and worker threads they start: more files than cores keeps both busy.
    maxWorkers: 4,
    hookTimeout: 120_000,
  },
});
