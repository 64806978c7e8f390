import type { Meta, StoryObj } from '@storybook/react-vite';
import { createElement } from 'react';
import { expect, userEvent } from 'storybook/test';
import '@obra/marketplace/marketplace/register';
import { marketplaceCatalogues } from '@obra/marketplace';
import { inLang, widgetRoot, type Root } from './support.ts';

type Lang = 'es' | 'en';

interface MarketplaceArgs {
  lang: Lang;
  detailHref: string;
}

type Story = StoryObj<MarketplaceArgs>;

// The real element, not the React component: stories show what a partner page gets.
const meta = {
  title: 'Widgets/Marketplace',
  render: ({ lang, detailHref }) => createElement('obra-marketplace', { lang, 'detail-href': detailHref || undefined }),
  args: { lang: 'es', detailHref: '' },
  argTypes: { lang: { control: 'inline-radio', options: ['es', 'en'] }, detailHref: { control: 'text' } },
} satisfies Meta<MarketplaceArgs>;

export default meta;

const copyOf = (lang: Lang) => marketplaceCatalogues[lang].marketplace;
const widget = (canvasElement: HTMLElement, lang: Lang): Promise<Root> => widgetRoot(canvasElement, 'obra-marketplace', copyOf(lang).title);
const cardNames = (root: Root) => root.getAllByRole('heading', { level: 3 }).map((h: HTMLElement) => h.textContent);

const list: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await expect(cardNames(root)).toEqual(['AutoCAD', 'Revit', 'SketchUp', 'Archicad', 'Rhino', 'Lumion']);
    await expect(root.getByRole('button', { name: copyOf(args.lang).pagination.previous })).toHaveAttribute('aria-disabled', 'true');
    await expect(root.getByRole('button', { name: copyOf(args.lang).pagination.page.replace('{{page}}', '1') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const more = root.getAllByRole('link')[0]!;
    await expect(more).toHaveAttribute('href', args.lang === 'es' ? '/es/producto/autocad' : '/en/product/autocad');
  },
};

const searching: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    const input = root.getByRole('combobox', { name: copyOf(args.lang).search.label });
    await userEvent.type(input, 'bim');
    await userEvent.type(input, '{ArrowDown}', { skipClick: true });
    const listbox = root.getByRole('listbox', { name: copyOf(args.lang).search.suggestions });
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(root.getAllByRole('option').map((o: HTMLElement) => o.querySelector('.option-name')!.textContent)).toEqual([
      'Revit',
      'Archicad',
    ]);
    await expect(root.getByRole('option', { selected: true })).toHaveTextContent(/^Revit/);
  },
};

const noResults: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await userEvent.type(root.getByRole('combobox'), 'zzz');
    await userEvent.click(root.getByRole('button', { name: copyOf(args.lang).search.button }));
    await expect(root.getByText(copyOf(args.lang).noResults.replace('{{term}}', 'zzz'))).toBeVisible();
    await expect(root.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  },
};

const page2: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    const next = root.getByRole('button', { name: copyOf(args.lang).pagination.next });
    await userEvent.click(next);
    await expect(cardNames(root)).toEqual(['Enscape', 'V-Ray', 'Blender', 'Twinmotion']);
    await expect(next).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A partner page with its own product route. */
const customDetailHref: Story = {
  args: { detailHref: 'https://partner.example/{lang}/software/{slug}' },
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await expect(root.getAllByRole('link')[1]).toHaveAttribute('href', `https://partner.example/${args.lang}/software/revit`);
  },
};

export const ListEs = inLang('es', list);
export const ListEn = inLang('en', list);
export const SearchingEs = inLang('es', searching);
export const SearchingEn = inLang('en', searching);
export const NoResultsEs = inLang('es', noResults);
export const NoResultsEn = inLang('en', noResults);
export const Page2Es = inLang('es', page2);
export const Page2En = inLang('en', page2);
export const CustomDetailHrefEs = inLang('es', customDetailHref);
export const CustomDetailHrefEn = inLang('en', customDetailHref);
