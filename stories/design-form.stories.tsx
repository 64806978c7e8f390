import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { createElement } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import '@obra/design-form/register';
import { designFormCatalogues } from '@obra/design-form';
import { designFormHandlers, GENERATED_URL, TEST_API } from '../tests/msw/design-form-handlers.ts';
import { control, fill, inLang, widgetRoot, type Root } from './support.ts';

type Lang = 'es' | 'en';
type Story = StoryObj<{ lang: Lang }>;

// The real element, not the React component: stories show what a partner page gets. Each story
// starts from an empty draft, so a story never shows what another one typed.
const meta = {
  title: 'Widgets/Design form',
  render: ({ lang }) => createElement('obra-design-form', { lang, 'api-base': TEST_API, id: `story-${lang}` }),
  args: { lang: 'es' },
  argTypes: { lang: { control: 'inline-radio', options: ['es', 'en'] } },
  loaders: [() => localStorage.clear()],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<{ lang: Lang }>;

export default meta;

const copy = (lang: Lang) => designFormCatalogues[lang];
const widget = (canvasElement: HTMLElement, lang: Lang): Promise<Root> =>
  widgetRoot(canvasElement, 'obra-design-form', copy(lang).designForm.title);
/** The API answers a story needs, from the handlers the unit tests use. */
const designApi = (...handlers: AnyHandler[]) => ({
  msw: { handlers: { designForm: [designFormHandlers.image, designFormHandlers.places, ...handlers] } },
});

const openSection = async (root: Root, title: string) => userEvent.click(root.getByRole('button', { name: title }));
const generate = async (root: Root, lang: Lang) =>
  userEvent.click(
    root.getByRole('button', { name: copy(lang).designForm.generateFor.replace('{{section}}', copy(lang).designForm.sections.use) }),
  );
const openModal = async (root: Root, lang: Lang) => userEvent.click(root.getByRole('button', { name: copy(lang).designForm.open }));

/** Generates an image, opens the modal, fills it and sends. */
async function fillAndSend(root: Root, lang: Lang) {
  const { designForm: c } = copy(lang);
  await generate(root, lang);
  await waitFor(() => expect(root.getByRole('img', { name: c.image.alt })).toHaveAttribute('src', GENERATED_URL));
  await openModal(root, lang);
  const fields: [string, string][] = [
    [c.modal.nombre, 'Ana Pérez'],
    [c.modal.pais, 'Colombia'],
    [c.modal.departamento, 'Antioquia'],
    [c.modal.ciudad, 'Medellín'],
    [c.modal.correo, 'ana@example.com'],
    [c.modal.telefono, '3001234567'],
  ];
  for (const [label, value] of fields) await fill(control(root, label), value);
  await userEvent.click(root.getByRole('button', { name: c.modal.submit }));
}

const idle: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await expect(root.getByText(copy(args.lang).designForm.image.hint)).toBeVisible();
  },
};

/** Every section open: all the fields of docs/contributors/behaviour.md#entities. */
const allSections: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    const { sections } = copy(args.lang).designForm;
    for (const title of Object.values(sections).slice(1)) await openSection(root, title);
    await expect(root.getAllByRole('radio').length).toBeGreaterThan(30);
  },
};

const constructionSystem: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    const { designForm: c } = copy(args.lang);
    await openSection(root, c.sections.system);
    const bamboo = root.getByRole('radio', { name: c.sistema.options.bambu.label });
    await userEvent.click(bamboo);
    await expect(bamboo).toHaveAccessibleDescription(c.sistema.options.bambu.description);
  },
};

const locationSuggestions: Story = {
  parameters: designApi(),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    const { designForm: c } = copy(args.lang);
    await openSection(root, c.sections.location);
    const input = root.getByRole('combobox', { name: c.location.label });
    await userEvent.type(input, 'Medel');
    await expect(await root.findAllByRole('option')).toHaveLength(2);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    const active = root.getByRole('option', { selected: true });
    await expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await userEvent.keyboard('{End}');
    await expect(root.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
  },
};

const generating: Story = {
  parameters: designApi(designFormHandlers.generatePending),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await generate(root, args.lang);
    await expect(await root.findByRole('img', { name: copy(args.lang).designForm.image.generating })).toBeVisible();
  },
};

const generated: Story = {
  parameters: designApi(designFormHandlers.generated),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await generate(root, args.lang);
    await expect(await root.findByRole('img', { name: copy(args.lang).designForm.image.alt })).toHaveAttribute('src', GENERATED_URL);
  },
};

const fallback: Story = {
  parameters: designApi(designFormHandlers.generateFailed),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await generate(root, args.lang);
    await expect(await root.findByText(copy(args.lang).designForm.image.failed)).toBeVisible();
    await expect(root.getByRole('img', { name: copy(args.lang).designForm.image.exampleAlt })).toBeVisible();
  },
};

const modalOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await openModal(root, args.lang);
    await expect(root.getByRole('dialog', { name: copy(args.lang).designForm.modal.title })).toBeVisible();
  },
};

const phoneCountries: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await openModal(root, args.lang);
    await userEvent.click(root.getByRole('button', { name: (name: string) => name.includes('+57') }));
    await expect(root.getByRole('listbox', { name: copy(args.lang).common.phoneInput.countries })).toBeVisible();
    // The search starts on the current country; Home goes to the first of the list.
    const search = root.getByRole('combobox', { name: copy(args.lang).common.phoneInput.search });
    // Focus inside a shadow root: the document's activeElement is the host, the root's is the input.
    await expect((search.getRootNode() as ShadowRoot).activeElement).toBe(search);
    await expect(root.getByRole('option', { selected: true })).toHaveTextContent(/\+57$/);
    await userEvent.keyboard('{Home}');
    await expect(search).toHaveAttribute('aria-activedescendant', root.getAllByRole('option')[0]!.id);
  },
};

const imageNotGenerated: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await openModal(root, args.lang);
    await userEvent.click(root.getByRole('button', { name: copy(args.lang).designForm.modal.submit }));
    await expect(await root.findByRole('alertdialog', { name: copy(args.lang).designForm.form.error.imageNotGenerated })).toBeVisible();
  },
};

const sending: Story = {
  parameters: designApi(designFormHandlers.generated, designFormHandlers.reportPending),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillAndSend(root, args.lang);
    await expect(await root.findByText(copy(args.lang).designForm.modal.sending)).toBeVisible();
  },
};

const success: Story = {
  parameters: designApi(designFormHandlers.generated, designFormHandlers.reported),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillAndSend(root, args.lang);
    await expect(await root.findByRole('dialog', { name: copy(args.lang).designForm.form.success.submitted })).toBeVisible();
  },
};

/** A failed send: the alert's text per docs/contributors/behaviour.md#errors. */
const failure = (handler: AnyHandler, text: (lang: Lang) => string): Story => ({
  parameters: designApi(designFormHandlers.generated, handler),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillAndSend(root, args.lang);
    await expect(await root.findByRole('alertdialog', { name: copy(args.lang).designForm.form.error.networkError })).toBeVisible();
    await expect(root.getByText(text(args.lang))).toBeVisible();
  },
});

export const IdleEs = inLang('es', idle);
export const IdleEn = inLang('en', idle);
export const AllSectionsEs = inLang('es', allSections);
export const AllSectionsEn = inLang('en', allSections);
export const ConstructionSystemEs = inLang('es', constructionSystem);
export const ConstructionSystemEn = inLang('en', constructionSystem);
export const LocationSuggestionsEs = inLang('es', locationSuggestions);
export const LocationSuggestionsEn = inLang('en', locationSuggestions);
export const GeneratingEs = inLang('es', generating);
export const GeneratingEn = inLang('en', generating);
export const GeneratedEs = inLang('es', generated);
export const GeneratedEn = inLang('en', generated);
export const FallbackImageEs = inLang('es', fallback);
export const FallbackImageEn = inLang('en', fallback);
export const ModalOpenEs = inLang('es', modalOpen);
export const ModalOpenEn = inLang('en', modalOpen);
export const PhoneCountriesEs = inLang('es', phoneCountries);
export const PhoneCountriesEn = inLang('en', phoneCountries);
export const ImageNotGeneratedEs = inLang('es', imageNotGenerated);
export const ImageNotGeneratedEn = inLang('en', imageNotGenerated);
export const SendingEs = inLang('es', sending);
export const SendingEn = inLang('en', sending);
export const SuccessEs = inLang('es', success);
export const SuccessEn = inLang('en', success);
export const ServerMessageEs = inLang(
  'es',
  failure(designFormHandlers.reportFailed, () => 'El servicio de correo no responde.'),
);
export const ServerMessageEn = inLang(
  'en',
  failure(designFormHandlers.reportFailed, () => 'El servicio de correo no responde.'),
);
export const SubmitErrorEs = inLang(
  'es',
  failure(designFormHandlers.reportFailedSilently, (lang) => copy(lang).designForm.form.error.submitError),
);
export const SubmitErrorEn = inLang(
  'en',
  failure(designFormHandlers.reportFailedSilently, (lang) => copy(lang).designForm.form.error.submitError),
);
/** The API unreachable: the report waits in the outbox and the overlay says so (it goes out when the network is back). */
const networkError: Story = {
  parameters: designApi(designFormHandlers.generated, designFormHandlers.reportNetworkError),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillAndSend(root, args.lang);
    await expect(await root.findByText(copy(args.lang).api.waiting)).toBeVisible();
  },
};
export const NetworkErrorEs = inLang('es', networkError);
export const NetworkErrorEn = inLang('en', networkError);
