// The page listens to the widget's events like any DOM event (they bubble out of the shadow root).
const log = document.getElementById('events');
for (const name of ['obra-submit', 'obra-success', 'obra-error']) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${event.target.id} ${name} ${JSON.stringify(event.detail)}`;
    log.append(item);
  });
}
