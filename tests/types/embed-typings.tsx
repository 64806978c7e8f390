// Type test, checked by `tsc -p tsconfig.json --noEmit` (part of npm test); never executed. Every
// `@ts-expect-error` marks a mistake a partner could make: if the typings stop catching it, the
// directive is unused and the typecheck fails.
import { ObraDesignForm, ObraMarketplace, ObraPartnerRegistration, ObraSoftwareDetail, ObraWaitList } from '@obra/react';
import type {} from '@obra/wait-list/register';
import type {} from '@obra/design-form/register';

export function Wrappers() {
  return (
    <>
      <ObraWaitList
        lang="en"
        apiBase="https://obra.example/api"
        transport="no-cors"
        endpoint="https://sheet.example/exec"
        onSubmit={(event) => event.detail.entry.nombre.toUpperCase()}
        onSuccess={(event) => event.detail.entry.interesado satisfies 'cliente' | 'proveedor'}
        onError={(event) => event.detail.reason.startsWith('api.')}
      />
      {/* @ts-expect-error -- transport is 'cors' | 'no-cors' */}
      <ObraWaitList transport="smoke-signals" />
      {/* @ts-expect-error -- a misspelt event callback */}
      <ObraWaitList onSucess={() => undefined} />
      {/* @ts-expect-error -- the wait list's detail carries `entry`, not `registration` */}
      <ObraWaitList onSubmit={(event) => event.detail.registration} />
      {/* @ts-expect-error -- only es and en */}
      <ObraPartnerRegistration lang="fr" />
      <ObraPartnerRegistration onSuccess={(event) => event.detail.registration.especializacion} />
      <ObraDesignForm onImageGenerated={(event) => event.detail.url.length} onError={(event) => event.detail.report.correo} />
      {/* @ts-expect-error -- the design form has no `onChange` event */}
      <ObraDesignForm onChange={() => undefined} />
      <ObraMarketplace detailHref="/catalogo/{slug}" />
      {/* @ts-expect-error -- the catalogue emits no events */}
      <ObraMarketplace onSubmit={() => undefined} />
      <ObraSoftwareDetail slug="sketchup" />
      <ObraWaitList partner="ACME" />
      <ObraPartnerRegistration partner="acme-2" />
      <ObraDesignForm partner="ACME_PORTAL" />
      {/* @ts-expect-error -- a partner code is text, not a number */}
      <ObraDesignForm partner={42} />
      <ObraMarketplace partner="ACME" headingEn="Our software" introEs="Programas que recomendamos." />
      <ObraSoftwareDetail slug="sketchup" partner="ACME" />
      {/* @ts-expect-error -- the partner's words are text */}
      <ObraWaitList heading={1} />
      {/* @ts-expect-error -- an attribute of another widget */}
      <ObraSoftwareDetail transport="cors" />
    </>
  );
}

export function BareTags() {
  return (
    <>
      <obra-wait-list
        lang="es"
        api-base="/api"
        transport="cors"
        onobra-success={(event) => event.detail.entry.correo}
        className="partner"
      />
      {/* @ts-expect-error -- transport is 'cors' | 'no-cors' */}
      <obra-wait-list transport="beacon" />
      {/* @ts-expect-error -- the wait list's detail has no `report` */}
      <obra-wait-list onobra-submit={(event) => event.detail.report} />
      <obra-design-form onobra-image-generated={(event) => event.detail.prompt} />
      <obra-software-detail slug="revit" />
      {/* @ts-expect-error -- slug is text, not a number */}
      <obra-software-detail slug={3} />
      <obra-marketplace detail-href="/p/{slug}" />
      <obra-partner-registration api-base="/api" />
      <obra-design-form partner="ACME" />
      <obra-wait-list partner="ACME" lang="en" />
    </>
  );
}

export function Dom() {
  const list = document.querySelector('obra-wait-list')!;
  list.transport = 'no-cors';
  list.apiBase = 'https://obra.example/api';
  // @ts-expect-error -- transport is 'cors' | 'no-cors'
  list.transport = 'beacon';
  list.addEventListener('obra-error', (event) => event.detail.message.length);
  // @ts-expect-error -- the wait list's detail has no `report`
  list.addEventListener('obra-success', (event) => event.detail.report);
  list.partner = 'ACME';
  // @ts-expect-error -- a partner code is text
  list.partner = 7;
  const form = document.createElement('obra-design-form');
  form.partner satisfies string;
  form.addEventListener('obra-image-generated', (event) => event.detail.url);
  // Any other event keeps the DOM's own typing.
  form.addEventListener('click', (event) => event.clientX);
}
