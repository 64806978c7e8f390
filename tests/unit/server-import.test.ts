// @vitest-environment node
// React hosts render on a server: importing the packages there must not touch window or define elements.
import { expect, it } from 'vitest';

it('imports every package and register module without a DOM', async () => {
  expect(typeof globalThis.window).toBe('undefined');
  const modules = await Promise.all([import('@obra/element'), import('@obra/i18n'), import('@obra/api'), import('@obra/ui'), import('@obra/wait-list'), import('@obra/wait-list/register'), import('@obra/partner-registration'), import('@obra/partner-registration/register'), import('@obra/marketplace'), import('@obra/marketplace/marketplace/register'), import('@obra/marketplace/software-detail/register')]);
  expect(modules.every((m) => typeof m === 'object')).toBe(true);
  const { registerWidget } = modules[0];
  const { waitListWidget } = modules[4];
  expect(registerWidget(waitListWidget)).toBeUndefined();
  expect(registerWidget(modules[6].partnerRegistrationWidget)).toBeUndefined();
  expect(registerWidget(modules[8].marketplaceWidget)).toBeUndefined();
  expect(registerWidget(modules[8].softwareDetailWidget)).toBeUndefined();
});
