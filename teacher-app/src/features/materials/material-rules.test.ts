import { isBlankHtml, materialProblem } from './material-rules';
import {
  dropUnsafeImages,
  isAllowedImageSource,
  labelToolbarPickers,
  relaxSpaces,
  MATERIAL_TOOLBAR,
  EDITOR_PLACEHOLDER,
} from './editor-config';

describe('subject validation', () => {
  it('checks title, then description, then content, stopping at the first failure', () => {
    expect(materialProblem({ title: '   ', description: '', content: '' })).toBe('Title is required.');
    expect(materialProblem({ title: 'Sel', description: '', content: '' })).toBe('Description is required.');
    expect(materialProblem({ title: 'Sel', description: 'Bab 1', content: '<p><br></p>' })).toBe(
      'Content is required.',
    );
    expect(materialProblem({ title: 'Sel', description: 'Bab 1', content: '<p>Isi</p>' })).toBeNull();
  });

  it('treats an image-only content as filled and whitespace-only HTML as empty', () => {
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><img src="data:image/png;base64,AAAA"></p>')).toBe(false);
  });
});

describe('subject editor configuration', () => {
  it('offers the toolbar the spec lists, with the spec placeholder', () => {
    const flat = JSON.stringify(MATERIAL_TOOLBAR);
    for (const item of [
      'header',
      'font',
      'size',
      'bold',
      'italic',
      'underline',
      'strike',
      'color',
      'background',
      'script',
      'align',
      'list',
      'indent',
      'blockquote',
      'code-block',
      'link',
      'image',
      'video',
      'clean',
    ]) {
      expect(flat).toContain(`"${item}"`);
    }
    expect(flat).toContain('[1,2,3,4,5,6,false]');
    expect(flat).toContain('["small",false,"large","huge"]');
    expect(EDITOR_PLACEHOLDER).toBe('Fill your subject content here');
  });

  it('keeps only http, https and data image sources', () => {
    expect(isAllowedImageSource('https://x.id/a.png')).toBe(true);
    expect(isAllowedImageSource('data:image/png;base64,AA')).toBe(true);
    expect(isAllowedImageSource('javascript:alert(1)')).toBe(false);
    expect(isAllowedImageSource(`/api/v1/images/${'ab'.repeat(32)}.png`)).toBe(true); // stored by the server
    expect(isAllowedImageSource('/api/v1/users')).toBe(false);
    expect(isAllowedImageSource('//evil.example/a.png')).toBe(false);
    const html = '<p>a<img src="javascript:alert(1)">b<img src="https://x.id/a.png"></p>';
    expect(dropUnsafeImages(html)).toBe('<p>ab<img src="https://x.id/a.png"></p>');
  });

  it("turns Quill's &nbsp; between words back into spaces so text wraps", () => {
    expect(relaxSpaces('<p>hello&nbsp;big&nbsp;&nbsp;world</p>')).toBe('<p>hello big&nbsp; world</p>');
  });
});

describe('toolbar picker names', () => {
  it('names each picker and its choices for screen readers', () => {
    document.body.innerHTML = `<div id="tb"><span class="ql-header ql-picker"><span class="ql-picker-label" role="button"></span>
      <span class="ql-picker-options"><span class="ql-picker-item" data-value="1"></span><span class="ql-picker-item"></span></span></span></div>`;
    labelToolbarPickers(document.getElementById('tb') as Element);
    expect(document.querySelector('.ql-picker-label')).toHaveAttribute('aria-label', 'Heading');
    const items = document.querySelectorAll('.ql-picker-item');
    expect(items[0]).toHaveAttribute('aria-label', 'Heading: 1');
    expect(items[1]).toHaveAttribute('aria-label', 'Heading: normal');
  });
});
