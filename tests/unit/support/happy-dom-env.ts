import { builtinEnvironments, type Environment } from 'vitest/runtime';

// happy-dom replaces fetch with its own, which msw's Node interceptors do not see. The widgets
// only need the standard fetch API, so the tests keep Node's and take the DOM from happy-dom.
const KEEP = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal'] as const;

export default {
  ...builtinEnvironments['happy-dom'],
  name: 'happy-dom-node-fetch',
  async setup(global, options) {
    const kept = Object.fromEntries(KEEP.map((key) => [key, global[key]]));
    const environment = await builtinEnvironments['happy-dom'].setup(global, options);
    Object.assign(global, kept);
    return environment;
  },
} satisfies Environment;
