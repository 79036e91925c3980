import { describe, expect, it } from 'vitest';
import { withParts } from './app-page';

describe("index.html's parts", () => {
  it('writes a part out where it is used, as often as asked', () => {
    const html = [
      '<div class="home">',
      '  <!--part:bar-->',
      '  <b>bar</b>',
      '  <!--/part:bar-->',
      '</div>',
      '<div class="inner">',
      '  <!--use:bar-->',
      '  <!--part:card--><i></i><!--/part:card-->',
      '  <!--use:card*2-->',
      '</div>',
    ].join('\n');
    const out = withParts(html);
    const inner = out.slice(out.indexOf('<div class="inner">'));
    expect(inner.match(/<b>bar<\/b>/g)).toHaveLength(1);
    expect(inner.match(/<i><\/i>/g)).toHaveLength(3);
    expect(out).not.toContain('<!--use:');
  });

  it('leaves a use of an unknown part as it is', () => {
    expect(withParts('<p><!--use:nothing--></p>')).toBe('<p><!--use:nothing--></p>');
  });
});
