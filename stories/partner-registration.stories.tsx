import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { createElement } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import '@obra/partner-registration/register';
import { partnerRegistrationCatalogues } from '@obra/partner-registration';
import { partnerHandlers, TEST_API } from '../tests/msw/partner-handlers.ts';
import { api, control, fill, inLang, widgetRoot, type Root } from './support.ts';

type Lang = 'es' | 'en';

interface PartnerRegistrationArgs {
  lang: Lang;
}

type Story = StoryObj<PartnerRegistrationArgs>;

// The real element, not the React component: stories show what a partner page gets.
const meta = {
  title: 'Widgets/Partner registration',
  render: ({ lang }) => createElement('obra-partner-registration', { lang, 'api-base': TEST_API }),
  args: { lang: 'es' },
  argTypes: { lang: { control: 'inline-radio', options: ['es', 'en'] } },
} satisfies Meta<PartnerRegistrationArgs>;

export default meta;

const copyOf = (lang: Lang) => partnerRegistrationCatalogues[lang];

/** Queries inside the partner registration's shadow root, once it has rendered. */
const widget = (canvasElement: HTMLElement, lang: Lang): Promise<Root> =>
  widgetRoot(canvasElement, 'obra-partner-registration', copyOf(lang).partnerRegistration.title);

const specialisation = (root: Root, lang: Lang) =>
  root.getByRole('combobox', { name: (name: string) => name.startsWith(copyOf(lang).partnerRegistration.especializacion.label) });

async function fillValid(root: Root, lang: Lang) {
  const copy = copyOf(lang).partnerRegistration;
  await fill(control(root, copy.nombre), 'Ana Pérez');
  await fill(control(root, copy.telefono), '+57 300 123 4567');
  await fill(control(root, copy.correo), 'ana@example.com');
  await fill(control(root, copy.pais), 'Colombia');
  await userEvent.selectOptions(specialisation(root, lang), 'arquitectura');
}

const submit = (root: Root, lang: Lang) => userEvent.click(root.getByRole('button', { name: copyOf(lang).partnerRegistration.submit }));

/** The API answer a story needs, from the handlers the unit tests use. */
const partnerApi = (handler: AnyHandler) => api('partner', handler);

const idle: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    const copy = copyOf(args.lang).partnerRegistration;
    await expect(root.getByRole('button', { name: copy.submit })).not.toHaveAttribute('aria-disabled');
    await expect(specialisation(root, args.lang)).toHaveValue('');
    await expect(root.getAllByRole('option')).toHaveLength(14);
    await expect(root.getByRole('option', { name: copy.especializacion.placeholder })).toBeInTheDocument();
  },
};

const validationErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await submit(root, args.lang);
    const { common, partnerRegistration: copy } = copyOf(args.lang);
    await expect(root.getAllByText(common.required)).toHaveLength(4);
    await expect(specialisation(root, args.lang)).toHaveAccessibleDescription(common.choose);
    // A wrong e-mail gets its own message once the visitor types.
    await userEvent.type(control(root, copy.correo), 'ana@');
    await expect(control(root, copy.correo)).toHaveAccessibleDescription(common.email);
  },
};

const sending: Story = {
  parameters: partnerApi(partnerHandlers.pending),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillValid(root, args.lang);
    await submit(root, args.lang);
    const button = await root.findByRole('button', { name: copyOf(args.lang).partnerRegistration.sending });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

const success: Story = {
  parameters: partnerApi(partnerHandlers.accepted),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillValid(root, args.lang);
    await submit(root, args.lang);
    const copy = copyOf(args.lang).partnerRegistration;
    await waitFor(() => expect(root.getAllByRole('status').map((region: HTMLElement) => region.textContent)).toContain(copy.success));
    await expect(control(root, copy.nombre)).toHaveValue('');
    await expect(specialisation(root, args.lang)).toHaveValue('');
  },
};

const serverError: Story = {
  parameters: partnerApi(partnerHandlers.serverError),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillValid(root, args.lang);
    await submit(root, args.lang);
    const { partnerRegistration: copy, api: apiCopy } = copyOf(args.lang);
    const alert = await root.findByRole('alert', {}, { timeout: 3000 });
    await waitFor(() => expect(alert).toHaveTextContent(copy.error));
    await expect(alert).toHaveTextContent(apiCopy.server);
    // Nothing typed is lost.
    await expect(control(root, copy.nombre)).toHaveValue('Ana Pérez');
    await expect(specialisation(root, args.lang)).toHaveValue('arquitectura');
  },
};

export const IdleEs = inLang('es', idle);
export const IdleEn = inLang('en', idle);
export const ValidationErrorsEs = inLang('es', validationErrors);
export const ValidationErrorsEn = inLang('en', validationErrors);
export const SendingEs = inLang('es', sending);
export const SendingEn = inLang('en', sending);
export const SuccessEs = inLang('es', success);
export const SuccessEn = inLang('en', success);
export const ServerErrorEs = inLang('es', serverError);
export const ServerErrorEn = inLang('en', serverError);
