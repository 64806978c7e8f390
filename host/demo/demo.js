// The language buttons change the page's lang; the widget follows it.
for (const button of document.querySelectorAll('[data-lang]')) {
  button.addEventListener('click', () => {
    document.documentElement.lang = button.dataset.lang;
    for (const other of document.querySelectorAll('[data-lang]')) other.setAttribute('aria-pressed', String(other === button));
  });
}
document.addEventListener('obra-success', (event) => console.log('obra-success', event.detail));
