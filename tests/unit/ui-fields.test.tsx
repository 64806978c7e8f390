// The shared fields on their own: counters, disabled, the checkbox group and described radios.
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxGroup, GroupedRadioGroup, RadioGroup, TextArea, TextField } from '@obra/ui';
import { visitor } from './support/mount.ts';
// The DOM matchers (toHaveAttribute …) for this file's expect.
import '@testing-library/jest-dom/vitest';

/** The ids an element is described by, as the texts they point to. */
const descriptions = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

function CountedField({ max = 5, disabled = false }: { max?: number; disabled?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      name="nick"
      label="Nickname"
      hint="Letters only"
      value={value}
      onValue={setValue}
      maxLength={max}
      disabled={disabled}
      counter={`${value.length} of ${max}`}
    />
  );
}

describe('TextField', () => {
  it('shows a counter linked after the hint, marked once the limit is reached', async () => {
    const user = visitor();
    render(<CountedField />);
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    expect(descriptions(input)).toEqual(['Letters only', '0 of 5']);
    await user.type(input, 'abcd');
    expect(screen.getByText('4 of 5')).not.toHaveAttribute('data-full');
    await user.type(input, 'efg');
    expect(input).toHaveValue('abcde');
    expect(screen.getByText('5 of 5')).toHaveAttribute('data-full', '');
  });

  it('has no counter unless asked, and links an error last', () => {
    render(<TextField name="mail" label="E-mail" value="x" onValue={() => {}} hint="We answer here" error="Not an address" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(descriptions(input)).toEqual(['We answer here', 'Not an address']);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('.counter')).toBeNull();
  });

  it('can be disabled: not editable', async () => {
    const user = visitor();
    render(<CountedField disabled />);
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    expect(input).toBeDisabled();
    await user.type(input, 'abc');
    expect(input).toHaveValue('');
    expect(screen.getByText('0 of 5')).toBeInTheDocument();
  });

  it('takes a non-negative number with decimals', () => {
    render(<TextField name="w" label="Width" type="number" value="" onValue={() => {}} />);
    const input = screen.getByRole('spinbutton', { name: 'Width' });
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', 'any');
  });
});

describe('TextArea', () => {
  it('links its counter and error, and can be disabled', () => {
    const { rerender } = render(
      <TextArea name="c" label="Comment" value="abc" onValue={() => {}} maxLength={3} counter="3 / 3" error="Too short" />,
    );
    const area = screen.getByRole('textbox', { name: 'Comment' });
    expect(descriptions(area)).toEqual(['3 / 3', 'Too short']);
    expect(screen.getByText('3 / 3')).toHaveAttribute('data-full', '');
    expect(area).toBeEnabled();
    rerender(<TextArea name="c" label="Comment" value="abc" onValue={() => {}} maxLength={3} disabled />);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeDisabled();
    expect(document.querySelector('.counter')).toBeNull();
  });
});

function Extras({ onChange }: { onChange?: (value: string, checked: boolean) => void }) {
  const [values, setValues] = useState<string[]>(['pool']);
  return (
    <CheckboxGroup
      name="extras"
      legend="Extras"
      options={[
        { value: 'pool', label: 'Pool' },
        { value: 'garden', label: 'Garden' },
        { value: 'garage', label: 'Garage' },
      ]}
      values={values}
      onChange={(value, checked) => {
        onChange?.(value, checked);
        setValues((list) => (checked ? [...list, value] : list.filter((v) => v !== value)));
      }}
    />
  );
}

describe('CheckboxGroup', () => {
  it('is a group named by its legend whose checked boxes are the values', async () => {
    const user = visitor();
    const onChange = vi.fn();
    render(<Extras onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Extras' });
    expect(group.tagName).toBe('FIELDSET');
    expect(screen.getByRole('checkbox', { name: 'Pool' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Garden' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Garden' }));
    expect(onChange).toHaveBeenLastCalledWith('garden', true);
    expect(screen.getByRole('checkbox', { name: 'Garden' })).toBeChecked();
    await user.click(screen.getByText('Pool'));
    expect(onChange).toHaveBeenLastCalledWith('pool', false);
    expect(screen.getByRole('checkbox', { name: 'Pool' })).not.toBeChecked();
  });

  it('toggles by keyboard: Tab moves between boxes, Space checks', async () => {
    const user = visitor();
    render(<Extras />);
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Pool' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Garden' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Garden' })).toBeChecked();
  });

  it('links an error to the group and can be disabled as a whole', () => {
    render(
      <CheckboxGroup
        name="x"
        legend="Extras"
        options={[{ value: 'a', label: 'A' }]}
        values={[]}
        onChange={() => {}}
        error="Pick one"
        disabled
      />,
    );
    const group = screen.getByRole('group', { name: 'Extras' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(descriptions(group)).toEqual(['Pick one']);
    expect(screen.getByRole('checkbox', { name: 'A' })).toBeDisabled();
  });
});

describe('GroupedRadioGroup and RadioGroup', () => {
  const groups = [
    {
      title: 'Light',
      options: [
        { value: 'wood', label: 'Wood', description: 'Warm and quick' },
        { value: 'steel', label: 'Steel', description: 'Long spans' },
      ],
    },
    { title: 'Heavy', options: [{ value: 'brick', label: 'Brick', description: 'Lasts' }] },
  ] as const;

  it('splits one set of radios under titled groups, each radio described by its description', async () => {
    const user = visitor();
    const onValue = vi.fn();
    render(<GroupedRadioGroup name="system" legend="System" groups={groups} value="steel" onValue={onValue} />);
    expect(screen.getByRole('group', { name: 'Light' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Heavy' })).toBeInTheDocument();
    expect(screen.getByText('System')).toHaveClass('visually-hidden');
    const wood = screen.getByRole('radio', { name: 'Wood' });
    expect(wood).toHaveAccessibleDescription('Warm and quick');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).name)).toEqual(['system', 'system', 'system']);
    // The line below shows the chosen option, then the hovered one.
    const line = document.querySelector('.choice-description')!;
    expect(line.textContent).toBe('Steel: Long spans');
    await user.hover(screen.getByText('Brick'));
    expect(line.textContent).toBe('Brick: Lasts');
    await user.click(wood);
    expect(onValue).toHaveBeenCalledWith('wood');
  });

  it('renders a plain RadioGroup without a description line', () => {
    render(
      <RadioGroup
        name="y"
        legend="Yes or no"
        options={[
          { value: 'y', label: 'Yes' },
          { value: 'n', label: 'No' },
        ]}
        value=""
        onValue={() => {}}
        required
      />,
    );
    expect(screen.getByRole('group', { name: /Yes or no/ })).toBeInTheDocument();
    expect(document.querySelector('.choice-description')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeRequired();
  });
});
