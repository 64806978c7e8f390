// What the loader carries from a pre-rendered view to the rendered one (packages/element/src/loader-take-over.ts).
import { describe, expect, it, vi } from 'vitest';
import { readVisitorInput, restoreVisitorInput } from '@obra/element/take-over';

const VIEW = `
  <form>
    <input name="nombre" value="">
    <input type="radio" name="interesado" value="cliente"><input type="radio" name="interesado" value="proveedor">
    <select name="pais"><option value="co" selected>CO</option><option value="es">ES</option></select>
    <textarea name="comentario"></textarea>
    <button type="submit">Enviar</button>
  </form>`;

function view(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = VIEW;
  document.body.append(root);
  return root;
}

describe('carrying the visitor input over', () => {
  it('reads only what the visitor changed from the HTML, and the focused control with its caret', () => {
    const old = view();
    expect(readVisitorInput(old, null)).toEqual({ changed: [], focus: undefined });
    const name = old.querySelector<HTMLInputElement>('[name=nombre]')!;
    name.value = 'Ana';
    old.querySelector<HTMLInputElement>('[value=proveedor]')!.checked = true;
    old.querySelector('select')!.value = 'es';
    name.focus();
    name.setSelectionRange(1, 2);
    const input = readVisitorInput(old, name);
    expect(input.changed.map(([index, kind, value]) => [index, kind, value])).toEqual([
      [0, 'nombre text', 'Ana'],
      [2, 'interesado radio', 'proveedor'],
      [3, 'pais select-one', 'es'],
    ]);
    expect(input.focus).toEqual([0, 'input text nombre', 1, 2]);
    old.remove();
  });

  it('gives the focus back to the same button, for a keyboard visitor who tabbed onto it', () => {
    const old = view();
    const send = old.querySelector('button')!;
    send.focus();
    const input = readVisitorInput(old, send);
    expect(input.focus).toEqual([5, 'button submit ', null, null]);
    old.remove();
    const fresh = view();
    restoreVisitorInput(fresh, input);
    expect(document.activeElement).toBe(fresh.querySelector('button'));
    fresh.remove();
  });

  it('gives no focus when the element in that place is of another kind, and sets no caret where none fits', () => {
    const old = view();
    const name = old.querySelector<HTMLInputElement>('[name=nombre]')!;
    name.focus();
    name.setSelectionRange(1, 1);
    const input = readVisitorInput(old, name);
    old.remove();
    // One more field before it: the same tag in that place, another field.
    for (const html of ['<input name="otro"><input name="nombre">', '<input type="email" name="nombre">', '<a href="#x">x</a>']) {
      const fresh = document.createElement('div');
      fresh.innerHTML = html;
      document.body.append(fresh);
      expect(() => restoreVisitorInput(fresh, input), html).not.toThrow();
      expect(document.activeElement, html).toBe(document.body);
      fresh.remove();
    }
  });

  it('puts the values into the new view with input and change events, and the focus and caret back', () => {
    const old = view();
    const oldName = old.querySelector<HTMLInputElement>('[name=nombre]')!;
    oldName.value = 'Ana';
    old.querySelector<HTMLInputElement>('[value=proveedor]')!.checked = true;
    old.querySelector('textarea')!.value = 'Una casa';
    const input = readVisitorInput(old, oldName);
    old.remove();

    const fresh = view();
    const seen = vi.fn();
    fresh.addEventListener('input', (event) => seen('input', (event.target as HTMLInputElement).name));
    fresh.addEventListener('change', (event) => seen('change', (event.target as HTMLInputElement).name));
    restoreVisitorInput(fresh, input);
    expect(fresh.querySelector<HTMLInputElement>('[name=nombre]')!.value).toBe('Ana');
    expect(fresh.querySelector<HTMLInputElement>('[value=proveedor]')!.checked).toBe(true);
    expect(fresh.querySelector('textarea')!.value).toBe('Una casa');
    expect(seen.mock.calls).toEqual([
      ['input', 'nombre'],
      ['change', 'nombre'],
      ['input', 'interesado'],
      ['change', 'interesado'],
      ['input', 'comentario'],
      ['change', 'comentario'],
    ]);
    expect(document.activeElement).toBe(fresh.querySelector('[name=nombre]'));
    fresh.remove();
  });

  it('drops a value whose control is not in the same place in the new view', () => {
    const old = view();
    old.querySelector<HTMLInputElement>('[name=nombre]')!.value = 'Ana';
    const input = readVisitorInput(old, null);
    old.remove();
    const fresh = document.createElement('div');
    fresh.innerHTML = '<input name="correo" value="">';
    restoreVisitorInput(fresh, input);
    expect(fresh.querySelector('input')!.value).toBe('');
  });
});
