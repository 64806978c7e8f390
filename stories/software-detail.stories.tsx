import type { Meta, StoryObj } from '@storybook/react-vite';
import { createElement } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import '@obra/marketplace/software-detail/register';
import { Carousel, softwareDetailCatalogues } from '@obra/marketplace';
import { priceText } from '@obra/catalogue';
import { inLang, widgetRoot, type Root } from './support.ts';

type Lang = 'es' | 'en';

interface DetailArgs {
  lang: Lang;
  slug: string;
}

type Story = StoryObj<DetailArgs>;

// The real element, not the React component: stories show what a partner page gets.
const meta = {
  title: 'Widgets/Software detail',
  render: ({ lang, slug }) => createElement('obra-software-detail', { lang, slug }),
  args: { lang: 'es', slug: 'sketchup' },
  argTypes: { lang: { control: 'inline-radio', options: ['es', 'en'] }, slug: { control: 'text' } },
} satisfies Meta<DetailArgs>;

export default meta;

const copyOf = (lang: Lang) => softwareDetailCatalogues[lang].softwareDetail;
const widget = (canvasElement: HTMLElement, name: string): Promise<Root> => widgetRoot(canvasElement, 'obra-software-detail', name);

const detail: Story = {
  args: { slug: 'sketchup' },
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, 'SketchUp');
    const copy = copyOf(args.lang);
    // Testing Library folds the page's no-break space ("199 US$") into a space, not the text it looks for.
    const price = priceText({ amount: 19900, currency: 'usd' }, args.lang).replace(/\s/g, ' ');
    await expect(root.getByText(price, { exact: true })).toBeVisible();
    await expect(root.getByRole('link', { name: new RegExp(copy.newTab.replace(/[()]/g, '\\$&')) })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(root.getAllByRole('img', { name: /SketchUp: / })).toHaveLength(3);
    await expect(root.getByRole('region', { name: copy.carousel.label.replace('{{name}}', 'SketchUp') })).toBeVisible();
  },
};

const unknownSlug: Story = {
  args: { slug: 'photoshop' },
  play: async ({ canvasElement, args }) => {
    const shadow = canvasElement.querySelector('obra-software-detail')!.shadowRoot!;
    const root = within(shadow.querySelector<HTMLElement>('[part=root]')!);
    await expect(await root.findByRole('alert')).toHaveTextContent(copyOf(args.lang).notFound);
  },
};

const videoOverlay: Story = {
  args: { slug: 'sketchup' },
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, 'SketchUp');
    const copy = copyOf(args.lang);
    await userEvent.click(root.getByRole('button', { name: new RegExp(`^${copy.video.open.replace('{{title}}', '')}`) }));
    const dialog = await root.findByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/022dqcoi05k?autoplay=1&rel=0',
    );
    // toHaveFocus() reads document.activeElement, which is the host; the shadow root knows the button.
    const shadow = canvasElement.querySelector('obra-software-detail')!.shadowRoot!;
    await expect(shadow.activeElement).toBe(within(dialog).getByRole('button', { name: new RegExp(copy.video.close) }));
  },
};

export const DetailEs = inLang('es', detail);
export const DetailEn = inLang('en', detail);
export const WithoutVideosEs = inLang('es', {
  ...detail,
  args: { slug: 'revit' },
  play: async ({ canvasElement }) => void (await widget(canvasElement, 'Revit')),
});
export const WithoutVideosEn = inLang('en', {
  ...detail,
  args: { slug: 'revit' },
  play: async ({ canvasElement }) => void (await widget(canvasElement, 'Revit')),
});
export const UnknownSlugEs = inLang('es', unknownSlug);
export const UnknownSlugEn = inLang('en', unknownSlug);
export const VideoOverlayEs = inLang('es', videoOverlay);
export const VideoOverlayEn = inLang('en', videoOverlay);

/**
 * The carousel on its own with five placeholder slides (the catalogue has one real video so far):
 * autoplay every 2500 ms, 800 ms slides, 3/2/1 per view by width, pause/play button.
 */
export const CarouselMoving: StoryObj<DetailArgs> = {
  render: ({ lang }) => {
    const copy = copyOf(lang).carousel;
    return createElement(Carousel, {
      held: false,
      labels: {
        region: copy.label.replace('{{name}}', 'Obra'),
        pause: copy.pause,
        play: copy.play,
        previous: copy.previous,
        next: copy.next,
        slide: (n, count) => copy.slide.replace('{{n}}', String(n)).replace('{{count}}', String(count)),
      },
      slides: [1, 2, 3, 4, 5].map((n) => ({
        key: `s${n}`,
        render: () => createElement('div', { style: { padding: 24, background: '#e5e7eb', textAlign: 'center' } }, `Slide ${n}`),
      })),
    });
  },
  play: async ({ canvasElement, args }) => {
    const root = within(canvasElement);
    const copy = copyOf(args.lang).carousel;
    await userEvent.click(root.getByRole('button', { name: copy.pause }));
    await expect(root.getByRole('button', { name: copy.play })).toBeVisible();
  },
};
