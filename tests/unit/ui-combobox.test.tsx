// The shared Combobox (WAI-ARIA 1.2 combobox with a listbox popup), rendered on its own.
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxProps } from '@obra/ui';
import { visitor } from './support/mount.ts';
// The DOM matchers (toHaveAttribute …) for this file's expect.
import '@testing-library/jest-dom/vitest';

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Blueberry', 'Cherry'];

type Extra = Partial<Pick<ComboboxProps<string>, 'autoHighlight' | 'initialHighlight' | 'blockSubmit' | 'onEscape' | 'noResultsMessage'>>;

/** A filtering combobox over FRUITS inside a form, as a widget would use it. */
function Fruits({
  onChoose,
  onSubmit,
  startOpen = false,
  ...extra
}: Extra & { onChoose?: (fruit: string) => void; onSubmit?: () => void; startOpen?: boolean }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(startOpen);
  const options = FRUITS.filter((fruit) => fruit.toLowerCase().startsWith(text.toLowerCase()));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <label htmlFor="fruit">Fruit</label>
      <Combobox
        id="fruit"
        text={text}
        onText={(next) => {
          setText(next);
          setOpen(true);
        }}
        options={options}
        optionKey={(fruit) => fruit}
        renderOption={(fruit) => fruit}
        listLabel="Fruits"
        open={open}
        onOpen={setOpen}
        onChoose={(fruit) => {
          setText(fruit);
          onChoose?.(fruit);
        }}
        countMessage={(count) => `${count} fruits`}
        {...extra}
      />
      <button type="submit">Go</button>
    </form>
  );
}

function setup(props: Parameters<typeof Fruits>[0] = {}) {
  const user = visitor();
  render(<Fruits {...props} />);
  const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Fruit' });
  const listbox = () => document.getElementById(input.getAttribute('aria-controls')!)!;
  const highlighted = () => {
    const id = input.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)!.textContent : null;
  };
  const status = () => screen.getByRole('status').textContent;
  return { user, input, listbox, highlighted, status };
}

describe('Combobox', () => {
  it('is a closed combobox with a list popup until something is typed', async () => {
    const { user, input, listbox, status } = setup();
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-controls', 'fruit-listbox');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(listbox()).toHaveAttribute('role', 'listbox');
    expect(listbox()).toHaveAttribute('aria-label', 'Fruits');
    expect(listbox().hidden).toBe(true);
    expect(status()).toBe('');
    await user.type(input, 'a');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(listbox().hidden).toBe(false);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Apricot']);
    expect(status()).toBe('2 fruits');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves the highlight with the arrows (wrapping) and Home/End, keeping focus in the input', async () => {
    const { user, input, highlighted } = setup();
    await user.type(input, 'b');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Banana');
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Blueberry' })).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Blueberry');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Banana');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Blueberry');
    await user.clear(input);
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Cherry');
    await user.keyboard('{Home}');
    expect(highlighted()).toBe('Apple');
    await user.keyboard('{End}');
    expect(highlighted()).toBe('Cherry');
    expect(document.activeElement).toBe(input);
  });

  it('opens a closed list with an arrow key, on the first or the last option', async () => {
    const { user, input, highlighted } = setup();
    await user.type(input, 'ap');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(highlighted()).toBe('Apricot');
    await user.keyboard('{Escape}{ArrowDown}');
    expect(highlighted()).toBe('Apple');
  });

  it('resets the highlight when the options change', async () => {
    const { user, input, highlighted } = setup();
    await user.type(input, 'b');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe('Blueberry');
    await user.type(input, 'l');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Blueberry']);
    expect(highlighted()).toBeNull();
  });

  it('chooses the highlighted option with Enter, closes the list and does not submit', async () => {
    const onChoose = vi.fn();
    const onSubmit = vi.fn();
    const { user, input, highlighted } = setup({ onChoose, onSubmit });
    await user.type(input, 'c');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith('Cherry');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input.value).toBe('Cherry');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(highlighted()).toBeNull();
  });

  it('lets Enter submit the form when nothing is highlighted, unless blockSubmit', async () => {
    const onSubmit = vi.fn();
    const first = setup({ onSubmit });
    await first.user.type(first.input, 'b{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps Enter from submitting with blockSubmit', async () => {
    const onSubmit = vi.fn();
    const { user, input } = setup({ onSubmit, blockSubmit: true });
    await user.type(input, 'zz{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes with Escape without leaving the input, then hands a second Escape to onEscape', async () => {
    const onEscape = vi.fn();
    const { user, input, listbox } = setup({ onEscape });
    await user.type(input, 'a');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(listbox().hidden).toBe(true);
    expect(input.value).toBe('a');
    expect(onEscape).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(input);
  });

  it('keeps Escape from an enclosing handler while it closes the list', async () => {
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    try {
      const { user, input } = setup();
      await user.type(input, 'a');
      await user.keyboard('{Escape}');
      expect(outer.mock.calls.filter(([event]) => (event as KeyboardEvent).key === 'Escape')).toHaveLength(0);
      await user.keyboard('{Escape}');
      expect(outer.mock.calls.filter(([event]) => (event as KeyboardEvent).key === 'Escape')).toHaveLength(1);
    } finally {
      document.removeEventListener('keydown', outer);
    }
  });

  it('chooses an option by click without the input losing focus', async () => {
    const onChoose = vi.fn();
    const { user, input } = setup({ onChoose });
    await user.type(input, 'ap');
    await user.click(screen.getByRole('option', { name: 'Apricot' }));
    expect(onChoose).toHaveBeenCalledWith('Apricot');
    expect(document.activeElement).toBe(input);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the input loses focus', async () => {
    const { user, input } = setup();
    await user.type(input, 'a');
    await user.tab();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts on initialHighlight, and highlights the first option by itself with autoHighlight', async () => {
    const { user, input, highlighted } = setup({ autoHighlight: true, initialHighlight: 2, startOpen: true });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(highlighted()).toBe('Banana');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Blueberry');
    await user.type(input, 'c');
    expect(highlighted()).toBe('Cherry');
    await user.clear(input);
    expect(highlighted()).toBe('Apple');
  });

  it('says when nothing matches, visibly and politely', async () => {
    const { user, input, status } = setup({ noResultsMessage: 'No fruit matches' });
    await user.type(input, 'zz');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(status()).toBe('No fruit matches');
    expect(screen.getByRole('status')).toHaveClass('hint');
    await user.clear(input);
    await user.type(input, 'ch');
    expect(status()).toBe('1 fruits');
    expect(screen.getByRole('status')).toHaveClass('visually-hidden');
  });
});
