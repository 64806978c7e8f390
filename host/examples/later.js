// What a framework does when it renders a widget after the page has loaded.
document.getElementById('add').addEventListener('click', () => {
  const list = document.createElement('obra-wait-list');
  list.id = 'added';
  document.getElementById('slot').append(list);
});
