import Quill from 'quill';
test('q', () => {
  const el = document.createElement('div'); document.body.appendChild(el);
  const q = new Quill(el, {});
  q.setContents(q.clipboard.convert({ html: '<p>hello big world</p><ul><li>a b</li></ul><ol><li>x</li></ol><pre>co de</pre>' }));
  console.log(q.getSemanticHTML());
  console.log(q.root.innerHTML);
});
