// The shared primitives on their own (the widgets' stories show them in place): the Combobox and
// the CheckboxGroup, with the widgets' base look, and play functions that use only the keyboard.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { CheckboxGroup, Combobox, uiStyles } from '@obra/ui';

const CITIES = ['Barcelona', 'Barranquilla', 'Bogotá', 'Bucaramanga', 'Cali', 'Cartagena', 'Medellín'];
const EXTRAS = [
  { value: 'pool', label: 'Piscina' },
  { value: 'garden', label: 'Jardín' },
  { value: 'garage', label: 'Garaje' },
];

/** The widgets' base look around a primitive (outside a shadow root, `:host` rules simply do not apply). */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="obra-root" style={{ maxWidth: 360 }}>
      <style>{`${uiStyles}
.combo{position:relative}
.combo [role=listbox]{list-style:none;margin:4px 0 0;padding:4px;border:1px solid var(--_border);border-radius:var(--_radius)}
.combo [role=listbox][hidden]{display:none}
.combo [role=option]{padding:8px 10px;border-radius:6px;cursor:pointer}
.combo [role=option][aria-selected=true]{background:var(--_primary);color:var(--_on-primary)}`}</style>
      {children}
    </div>
  );
}

function CityPicker() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const options = CITIES.filter((city) => city.toLowerCase().startsWith(text.trim().toLowerCase()));
  return (
    <Frame>
      <div className="field combo">
        <label htmlFor="city">Ciudad</label>
        <Combobox
          id="city"
          text={text}
          onText={(next) => {
            setText(next);
            setOpen(next.trim() !== '');
          }}
          options={options}
          optionKey={(city) => city}
          renderOption={(city) => city}
          listLabel="Ciudades"
          open={open}
          onOpen={setOpen}
          onChoose={(city) => {
            setText(city);
            setChosen(city);
          }}
          onEscape={() => setText('')}
          countMessage={(count) => `${count} resultados`}
          noResultsMessage="Ninguna ciudad coincide"
        />
        <p className="hint">{chosen ? `Elegida: ${chosen}` : 'Escribe el nombre de una ciudad'}</p>
      </div>
    </Frame>
  );
}

function Extras() {
  const [values, setValues] = useState<string[]>(['garden']);
  return (
    <Frame>
      <CheckboxGroup
        name="otros"
        legend="Otros"
        options={EXTRAS}
        values={values}
        onChange={(value, checked) => setValues((list) => (checked ? [...list, value] : list.filter((v) => v !== value)))}
      />
      <p className="hint">{values.join(', ')}</p>
    </Frame>
  );
}

const meta = { title: 'Primitives' } satisfies Meta;
export default meta;

type Story = StoryObj<typeof meta>;

export const ComboboxKeyboard: Story = {
  render: () => <CityPicker />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Ciudad' });
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(input, 'ba');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-controls', canvas.getByRole('listbox', { name: 'Ciudades' }).id);
    await expect(canvas.getByRole('status')).toHaveTextContent('2 resultados');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('option', { selected: true })).toHaveTextContent('Barcelona');
    await expect(input).toHaveAttribute('aria-activedescendant', canvas.getByRole('option', { selected: true }).id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('option', { selected: true })).toHaveTextContent('Barcelona');
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('option', { selected: true })).toHaveTextContent('Barranquilla');
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('option', { selected: true })).toHaveTextContent('Barcelona');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('option', { selected: true })).toHaveTextContent('Barranquilla');
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveValue('Barranquilla');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByText('Elegida: Barranquilla')).toBeVisible();
    await expect(input).toHaveFocus();
  },
};

export const ComboboxNoResults: Story = {
  render: () => <CityPicker />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Ciudad' });
    await userEvent.type(input, 'zz');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('status')).toHaveTextContent('Ninguna ciudad coincide');
    await expect(canvas.getByRole('status')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
  },
};

export const CheckboxGroupKeyboard: Story = {
  render: () => <Extras />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Otros' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Jardín' })).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'Piscina' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: 'Piscina' })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: 'Jardín' })).not.toBeChecked();
    await expect(canvas.getByText('pool')).toBeVisible();
  },
};
