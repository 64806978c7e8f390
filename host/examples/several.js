// One listener for every widget of the page: event.target says which element sent it.
const log = document.getElementById('events');
for (const name of ['obra-submit', 'obra-success', 'obra-error']) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${event.target.id} ${name}`;
    log.append(item);
  });
}
