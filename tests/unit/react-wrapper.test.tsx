// @obra/react in a DOM with real React: props become the element's attributes, the register module
// is imported in an effect (the tag gets defined), and callbacks hear the element's events.
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventProp, ObraDesignForm, ObraWaitList } from '@obra/react';

describe('@obra/react', () => {
  it('maps event names to callback props', () => {
    expect(['obra-submit', 'obra-success', 'obra-error', 'obra-image-generated'].map(eventProp)).toEqual([
      'onSubmit',
      'onSuccess',
      'onError',
      'onImageGenerated',
    ]);
  });

  it('renders the tag with kebab-case attributes and defines it after mounting', async () => {
    expect(customElements.get('obra-wait-list')).toBeUndefined();
    const { container } = render(
      <ObraWaitList lang="en" apiBase="https://obra.example/api" transport="no-cors" endpoint="https://sheet.example/x" className="lead" />,
    );
    const el = container.querySelector('obra-wait-list')!;
    expect(Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]))).toEqual({
      lang: 'en',
      'api-base': 'https://obra.example/api',
      transport: 'no-cors',
      endpoint: 'https://sheet.example/x',
      class: 'lead',
    });
    await vi.waitFor(() => expect(customElements.get('obra-wait-list')).toBeDefined());
  });

  it('calls the callback of each event with the element’s CustomEvent, and only that one', () => {
    const onImageGenerated = vi.fn();
    const onSuccess = vi.fn();
    const { container } = render(<ObraDesignForm onImageGenerated={onImageGenerated} onSuccess={onSuccess} />);
    const el = container.querySelector('obra-design-form')!;
    const detail = { url: 'https://obra.example/api/images/1.svg', prompt: 'Casa' };
    el.dispatchEvent(new CustomEvent('obra-image-generated', { detail, bubbles: true, composed: true }));
    expect(onImageGenerated).toHaveBeenCalledTimes(1);
    expect(onImageGenerated.mock.calls[0]![0]).toMatchObject({ type: 'obra-image-generated', detail });
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
