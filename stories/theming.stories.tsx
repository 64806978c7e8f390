import type { Meta, StoryObj } from '@storybook/react-vite';
import { createElement, type CSSProperties } from 'react';
import { expect } from 'storybook/test';
import '@obra/wait-list/register';
import '@obra/partner-registration/register';
import { THEME_PROPERTIES } from '@obra/element';
import { customElementsManifest } from '../tools/manifest/manifest.ts';
import { designFormContract } from '@obra/design-form';
import { marketplaceContract, softwareDetailContract } from '@obra/marketplace';
import { partnerRegistrationContract } from '@obra/partner-registration';
import { waitListContract, waitListCatalogues } from '@obra/wait-list';
import { partnerRegistrationCatalogues } from '@obra/partner-registration';
import { TEST_API } from '../tests/msw/wait-list-handlers.ts';
import { widgetRoot } from './support.ts';

type Theme = Partial<Record<keyof typeof THEME_PROPERTIES, string>>;

/** The dark theme of docs/partners/embedding.md: every colour token, set on an ancestor of the widgets. */
const DARK: Theme = {
  '--obra-color-primary': '#fbbf24',
  '--obra-color-on-primary': '#1c1917',
  '--obra-color-text': '#f5f5f4',
  '--obra-color-muted': '#d6d3d1',
  '--obra-color-background': '#1c1917',
  '--obra-color-surface': '#292524',
  '--obra-color-border': '#a8a29e',
  '--obra-color-error': '#fca5a5',
  '--obra-color-success': '#6ee7b7',
  '--obra-color-focus': '#93c5fd',
};

/** A partner's brand: colour, square corners and its own font. */
const BRAND: Theme = { '--obra-color-primary': '#0f766e', '--obra-radius': '0px', '--obra-font': 'Georgia, serif' };

interface ThemingArgs {
  theme: Theme;
  background: string;
}

/** The two form widgets side by side under one themed ancestor. */
function Themed({ theme, background }: ThemingArgs) {
  return createElement(
    'div',
    {
      'data-testid': 'themed',
      style: {
        ...(theme as CSSProperties),
        background,
        padding: 16,
        display: 'grid',
        gap: 16,
        gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
      },
    },
    createElement('obra-wait-list', { lang: 'en', 'api-base': TEST_API }),
    createElement('obra-partner-registration', { lang: 'en', 'api-base': TEST_API }),
  );
}

// The real elements: theming is what a partner page does from its own CSS.
const meta = {
  title: 'Embedding/Theming',
  render: (args) => createElement(Themed, args),
  args: { theme: {}, background: '#fff' },
} satisfies Meta<ThemingArgs>;

export default meta;
type Story = StoryObj<ThemingArgs>;

/** Reads a computed colour inside the wait list's shadow root once it has rendered. */
async function submitColours(canvasElement: HTMLElement) {
  await widgetRoot(canvasElement, 'obra-wait-list', waitListCatalogues.en.waitList.title);
  await widgetRoot(canvasElement, 'obra-partner-registration', partnerRegistrationCatalogues.en.partnerRegistration.title);
  const button = canvasElement.querySelector('obra-wait-list')!.shadowRoot!.querySelector('button[type=submit]')!;
  const root = canvasElement.querySelector('obra-wait-list')!.shadowRoot!.querySelector('[part=root]')!;
  return { button: getComputedStyle(button), root: getComputedStyle(root) };
}

/** The defaults: no custom property set. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { button } = await submitColours(canvasElement);
    await expect(button.backgroundColor).toBe('rgb(180, 83, 9)');
  },
};

/** A partner's brand colour, square corners and serif font. */
export const Brand: Story = {
  args: { theme: BRAND },
  play: async ({ canvasElement }) => {
    const { button, root } = await submitColours(canvasElement);
    await expect(button.backgroundColor).toBe('rgb(15, 118, 110)');
    await expect(button.borderTopLeftRadius).toBe('0px');
    await expect(root.fontFamily).toBe('Georgia, serif');
  },
};

/** Dark: every colour token set on the page's dark section. */
export const Dark: Story = {
  args: { theme: DARK, background: '#0c0a09' },
  play: async ({ canvasElement }) => {
    const { button, root } = await submitColours(canvasElement);
    await expect(root.backgroundColor).toBe('rgb(28, 25, 23)');
    await expect(root.color).toBe('rgb(245, 245, 244)');
    await expect(button.backgroundColor).toBe('rgb(251, 191, 36)');
  },
};

const manifest = customElementsManifest(
  [waitListContract, partnerRegistrationContract, designFormContract, marketplaceContract, softwareDetailContract].map((contract) => ({
    module: '',
    contract,
  })),
);

/** The theme and the parts, read from the custom-elements manifest the build writes. */
function Reference() {
  const declarations = manifest.modules.flatMap((m) => m.declarations);
  const cell = { border: '1px solid #d6d3d1', padding: '4px 8px', textAlign: 'start' } as const;
  return createElement(
    'div',
    null,
    createElement('h2', null, 'CSS custom properties (every widget)'),
    createElement(
      'table',
      { style: { borderCollapse: 'collapse' } },
      createElement(
        'thead',
        null,
        createElement(
          'tr',
          null,
          ['property', 'default', 'what it colours'].map((h) => createElement('th', { key: h, style: cell }, h)),
        ),
      ),
      createElement(
        'tbody',
        null,
        declarations[0]!.cssProperties.map((p) =>
          createElement(
            'tr',
            { key: p.name },
            createElement('td', { style: cell }, createElement('code', null, p.name)),
            createElement('td', { style: cell }, p.default),
            createElement('td', { style: cell }, p.description),
          ),
        ),
      ),
    ),
    createElement('h2', null, '::part names'),
    createElement(
      'ul',
      null,
      declarations.map((d) =>
        createElement(
          'li',
          { key: d.tagName },
          createElement('code', null, `<${d.tagName}>`),
          ': ',
          d.cssParts.map((p) => `${p.name} (${p.description})`).join('; '),
        ),
      ),
    ),
  );
}

/** The reference tables, generated from the widgets' contracts like custom-elements.json. */
export const Reference_: Story = {
  name: 'Reference',
  render: () => createElement(Reference),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('tbody tr')).toHaveLength(Object.keys(THEME_PROPERTIES).length);
  },
};
