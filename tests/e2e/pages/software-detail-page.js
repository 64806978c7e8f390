// The host's part of a product page: the slug (and language) come from the address, as the
// host site's /{lang}/producto/{slug} route would give them. An external file: no inline script.
const params = new URLSearchParams(location.search);
const detail = document.querySelector('obra-software-detail');
detail.setAttribute('slug', params.get('slug') ?? '');
if (params.get('lang')) document.documentElement.lang = params.get('lang');
