import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions } from 'vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.tsx'],
  // msw's worker script, served from the installed package so it always matches the msw version.
  staticDirs: [{ from: '../node_modules/msw/lib/mockServiceWorker.js', to: '/mockServiceWorker.js' }],
  // The build runs offline in the test suite: no telemetry, no "what's new" fetches.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal(viteConfig) {
    // `source` resolves workspace packages (@obra/*) to their TypeScript, as tsconfig and vitest do.
    viteConfig.resolve = { ...viteConfig.resolve, conditions: ['source', ...defaultClientConditions] };
    // The test suite runs this build: print warnings only. Storybook's own runtime is one ~1.1 MB
    // chunk, which is expected here and not a size budget (tests/size watches the widget bundles).
    viteConfig.logLevel = 'warn';
    viteConfig.build = { ...viteConfig.build, chunkSizeWarningLimit: 2048, reportCompressedSize: false };
    return viteConfig;
  },
};

export default config;
