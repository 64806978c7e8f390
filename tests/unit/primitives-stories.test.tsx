// Runs the play functions of the primitives' stories (stories/primitives.stories.tsx): keyboard
// use of the Combobox and the CheckboxGroup, asserted as a visitor would see it. Portable stories
// (composeStories) run each story's render and play here, under happy-dom and real React.
import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';
import * as stories from '../../stories/primitives.stories.tsx';

describe('primitives stories', () => {
  for (const [name, story] of Object.entries(composeStories(stories))) {
    it(`${name} plays`, async () => {
      await story.run();
    });
  }
});
