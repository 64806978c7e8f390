import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { createElement } from 'react';
import { expect, userEvent } from 'storybook/test';
import '@obra/wait-list/register';
import { waitListCatalogues } from '@obra/wait-list';
import { TEST_API, TEST_SHEET, waitListHandlers } from '../tests/msw/wait-list-handlers.ts';
import { api, control, fill, inLang, widgetRoot, type Root } from './support.ts';

type Lang = 'es' | 'en';

interface WaitListArgs {
  lang: Lang;
  transport: 'cors' | 'no-cors';
}

type Story = StoryObj<WaitListArgs>;

// The real element, not the React component: stories show what a partner page gets.
const meta = {
  title: 'Widgets/Wait list',
  render: ({ lang, transport }) =>
    createElement('obra-wait-list', {
      lang,
      'api-base': TEST_API,
      transport,
      endpoint: transport === 'no-cors' ? TEST_SHEET : undefined,
    }),
  args: { lang: 'es', transport: 'cors' },
  argTypes: {
    lang: { control: 'inline-radio', options: ['es', 'en'] },
    transport: { control: 'inline-radio', options: ['cors', 'no-cors'] },
  },
} satisfies Meta<WaitListArgs>;

export default meta;

/** Queries inside the wait list's shadow root, once it has rendered. */
const widget = (canvasElement: HTMLElement, lang: Lang): Promise<Root> =>
  widgetRoot(canvasElement, 'obra-wait-list', waitListCatalogues[lang].waitList.title);

async function fillValid(root: Root, lang: Lang) {
  const copy = waitListCatalogues[lang].waitList;
  await userEvent.click(root.getByRole('radio', { name: copy.interesado.cliente }));
  await fill(control(root, copy.nombre), 'Ana Pérez');
  await fill(control(root, copy.correo), 'ana@example.com');
  await fill(control(root, copy.telefono), '+57 300 123 4567');
  await fill(control(root, copy.question.cliente), 'Una casa de dos pisos en Medellín');
}

const submit = (root: Root, lang: Lang) => userEvent.click(root.getByRole('button', { name: waitListCatalogues[lang].waitList.submit }));

/** The API answer a story needs, from the handlers the unit tests use. */
const waitListApi = (handler: AnyHandler) => api('waitList', handler);

const idle: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await expect(root.getByRole('button', { name: waitListCatalogues[args.lang].waitList.submit })).not.toHaveAttribute('aria-disabled');
  },
};

const validationErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await submit(root, args.lang);
    const { common } = waitListCatalogues[args.lang];
    await expect(root.getAllByText(common.required)).toHaveLength(4);
    await expect(root.getByText(common.choose)).toBeVisible();
  },
};

const sending: Story = {
  parameters: waitListApi(waitListHandlers.pending),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillValid(root, args.lang);
    await submit(root, args.lang);
    const button = await root.findByRole('button', { name: waitListCatalogues[args.lang].waitList.sending });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Fills, sends and expects the success dialog. */
const sendsSuccessfully: Story['play'] = async ({ canvasElement, args }) => {
  const root = await widget(canvasElement, args.lang);
  await fillValid(root, args.lang);
  await submit(root, args.lang);
  await expect(await root.findByRole('dialog', { name: waitListCatalogues[args.lang].waitList.success.title })).toBeVisible();
};

const success: Story = { parameters: waitListApi(waitListHandlers.accepted), play: sendsSuccessfully };

const serverError: Story = {
  parameters: waitListApi(waitListHandlers.serverError),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillValid(root, args.lang);
    await submit(root, args.lang);
    const { waitList, api: apiCopy } = waitListCatalogues[args.lang];
    await expect(await root.findByRole('alertdialog', { name: waitList.error.title })).toBeVisible();
    await expect(root.getByText(apiCopy.server)).toBeVisible();
  },
};

/** The server turned down a field: the dialog names it by its label and the field shows the server's reason. */
const rejectedEmail: Story = {
  parameters: waitListApi(waitListHandlers.rejectedEmail),
  play: async ({ canvasElement, args }) => {
    const root = await widget(canvasElement, args.lang);
    await fillValid(root, args.lang);
    await submit(root, args.lang);
    const { waitList, api: apiCopy, common } = waitListCatalogues[args.lang];
    await expect(await root.findByRole('alertdialog', { name: waitList.error.title })).toBeVisible();
    await expect(root.getByText(apiCopy.refused.replace('{{fields}}', waitList.correo))).toBeVisible();
    await expect(control(root, waitList.correo)).toHaveAccessibleDescription(common.email);
  },
};

/** A spreadsheet-script endpoint: the answer is opaque, so a request that went out is a success. */
const noCors: Story = { args: { transport: 'no-cors' }, parameters: waitListApi(waitListHandlers.sheet), play: sendsSuccessfully };

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
export const RejectedEmailEs = inLang('es', rejectedEmail);
export const RejectedEmailEn = inLang('en', rejectedEmail);
export const NoCorsEs = inLang('es', noCors);
export const NoCorsEn = inLang('en', noCors);
