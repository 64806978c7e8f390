import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@obra/marketplace/software-detail/register';
import { softwareCatalogue } from '@obra/marketplace';
import { mount } from './support/mount.ts';

async function widget(attrs: string) {
  const mounted = await mount(`<obra-software-detail ${attrs}></obra-software-detail>`);
  return { ...mounted, user: userEvent.setup(), dialog: () => mounted.shadow.querySelector('dialog')! };
}

const texts = (root: ShadowRoot, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent);

describe('<obra-software-detail> page', () => {
  it('shows the image with the badge, name, category, description, features, use cases, gallery and pricing (es)', async () => {
    const { screen, shadow } = await widget('slug="revit"');
    expect(screen.getByRole('heading', { level: 2, name: 'Revit' })).toBeTruthy();
    // The hero artwork is drawn inline (no image request): the item's colour and monogram.
    const hero = screen.getByRole('img', { name: 'Ilustración de Revit' });
    expect([hero.localName, hero.getAttribute('width'), hero.getAttribute('height')]).toEqual(['svg', '640', '360']);
    expect(hero.querySelector('rect')!.getAttribute('fill')).toBe('#1b5fa8');
    expect(hero.querySelector('text')!.textContent).toBe('R');
    expect(shadow.querySelector('.hero img')).toBeNull();
    expect(shadow.querySelector('.badge')!.textContent).toBe('199\u00a0US$');
    expect(screen.getByText('Modelado de información para la construcción (BIM)')).toBeTruthy();
    expect(screen.getByText(/^Plataforma BIM de Autodesk/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Características' })).toBeTruthy();
    expect(texts(shadow, '[aria-labelledby=features-title] li')).toEqual([
      'Modelo paramétrico con vistas y tablas enlazadas',
      'Trabajo compartido entre disciplinas',
      'Planos y cómputos que se actualizan solos',
    ]);
    expect(texts(shadow, '[aria-labelledby=use-cases-title] li')).toHaveLength(3);
    expect(shadow.querySelector('.pricing')!.textContent).toBe('Licencia anual: 199\u00a0US$');
    const gallery = [...shadow.querySelectorAll<HTMLImageElement>('.gallery img')];
    expect(gallery.map((img) => img.alt)).toEqual(['Revit: ilustración 1 de 3', 'Revit: ilustración 2 de 3', 'Revit: ilustración 3 de 3']);
    expect(gallery.every((img) => img.getAttribute('width') === '320' && img.getAttribute('height') === '200')).toBe(true);
  });

  it('is in English by attribute, with the translated badge and pricing', async () => {
    const { screen, shadow } = await widget('slug="v-ray" lang="en"');
    expect(screen.getByRole('heading', { level: 2, name: 'V-Ray' })).toBeTruthy();
    expect(shadow.querySelector('.badge')!.textContent).toBe('US$199');
    expect(screen.getByText('Photorealistic rendering engine')).toBeTruthy();
    expect(shadow.querySelector('.pricing')!.textContent).toBe('Annual licence: US$199');
  });

  it('links the official site in a new tab, without opener, and says so to screen readers', async () => {
    const es = await widget('slug="blender"');
    const link = es.screen.getByRole('link', { name: /^Visitar el sitio oficial \(se abre en una pestaña nueva\)/ });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://www.blender.org',
      '_blank',
      'noopener noreferrer',
    ]);
    const en = await widget('slug="blender" lang="en"');
    expect(en.screen.getByRole('link', { name: /^Visit the official site \(opens in a new tab\)/ })).toBeTruthy();
  });

  it('says an unknown slug is not found, in Spanish and English, and follows a slug change', async () => {
    const es = await widget('slug="photoshop"');
    expect(es.screen.getByRole('alert').textContent).toBe('Software no encontrado.');
    const en = await widget('slug="" lang="en"');
    expect(en.screen.getByRole('alert').textContent).toBe('Software not found.');
    await act(async () => en.host.setAttribute('slug', 'TwinMotion'));
    expect(en.screen.getByRole('heading', { level: 2, name: 'Twinmotion' })).toBeTruthy();
  });

  it('shows no carousel for an item without videos', async () => {
    // Every catalogue item has videos now, so Lumion loses its list for this test (and gets it back after).
    const lumion = softwareCatalogue.find((item) => item.slug === 'lumion')!;
    const saved = lumion.extraVideos;
    lumion.extraVideos = [];
    try {
      const { screen, shadow } = await widget('slug="lumion"');
      expect(screen.getByRole('heading', { level: 2, name: 'Lumion' })).toBeTruthy();
      expect(shadow.querySelector('[aria-roledescription=carousel]')).toBeNull();
      expect(shadow.querySelector('.videos')).toBeNull();
      expect(shadow.querySelector('dialog')).toBeNull();
    } finally {
      lumion.extraVideos = saved;
    }
  });
});

describe('<obra-software-detail> videos', () => {
  it('shows each video as a card with its thumbnail; a single video does not move (no autoplay controls)', async () => {
    // Every catalogue item has 3 or more videos, so Twinmotion keeps only its first one for this test (and gets them back after).
    const twinmotion = softwareCatalogue.find((item) => item.slug === 'twinmotion')!;
    const saved = twinmotion.extraVideos;
    twinmotion.extraVideos = saved.slice(0, 1);
    try {
      const { screen, shadow } = await widget('slug="twinmotion"');
      expect(screen.getByRole('region', { name: 'Tutoriales de Twinmotion' })).toBeTruthy();
      const title = 'Twinmotion: tutorial en español';
      // The card's name is what it shows (WCAG 2.5.3, label in name), after a hidden verb.
      const card = screen.getByRole('button', { name: `Ver el vídeo: ${title} Publicado por arqMANES` });
      const thumb = card.querySelector('img')!;
      expect(thumb.getAttribute('src')).toBe('https://i.ytimg.com/vi/sH7cM7gX6s8/hqdefault.jpg');
      expect(thumb.alt).toBe('');
      expect(shadow.querySelectorAll('[aria-roledescription=slide]')).toHaveLength(1);
      expect(shadow.querySelector('.carousel-toggle')).toBeNull();
    } finally {
      twinmotion.extraVideos = saved;
    }
  });

  it('opens the video in an overlay from the privacy-friendly domain, closes it by its button and returns focus to the card', async () => {
    const w = await widget('slug="autocad" lang="en"');
    const title = 'AutoCAD complete university course (Gediminas Kirdeikis, Lund University)';
    const card = w.screen.getByRole('button', { name: (name) => name.startsWith(`Watch the video: ${title} Published by `) });
    await w.user.click(card);
    expect(w.dialog().open).toBe(true);
    const iframe = w.dialog().querySelector('iframe')!;
    expect(iframe.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/VtLXKU1PpRU?autoplay=1&rel=0');
    expect(iframe.getAttribute('title')).toBe(title);
    expect(w.dialog().getAttribute('aria-labelledby')).toBe(w.dialog().querySelector('h2')!.id);
    await w.user.click(w.screen.getByRole('button', { name: /Close the video/ }));
    expect(w.dialog().open).toBe(false);
    // Closed, the dialog holds nothing: no player, no empty heading, no name pointing at one.
    expect([w.dialog().childElementCount, w.dialog().getAttribute('aria-labelledby')]).toEqual([0, null]);
    expect(w.shadow.activeElement).toBe(card);
  });

  it('closes the overlay when the browser closes the dialog (Esc) and returns focus', async () => {
    const w = await widget('slug="autocad"');
    const card = w.screen.getByRole('button', { name: /^Ver el vídeo/ });
    await w.user.click(card);
    expect(w.dialog().open).toBe(true);
    // Esc on a modal dialog makes the browser close it and fire `close`; happy-dom has no Esc handling.
    await act(async () => w.dialog().close());
    expect(w.dialog().querySelector('iframe')).toBeNull();
    expect(w.shadow.activeElement).toBe(card);
  });
});
