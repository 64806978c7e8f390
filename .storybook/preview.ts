import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';

/**
 * Every story gets one msw worker (started once, handlers reset per story); a story lists the
 * API answers it needs in `parameters.msw.handlers`, taken from tests/msw so tests and stories agree.
 */
const preview: Preview = {
  loaders: [mswLoader()],
  parameters: { layout: 'padded' },
};

export default preview;
