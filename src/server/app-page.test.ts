import { describe, expect, it } from 'vitest';
import { withInlineStyles, withParts } from './app-page';

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

describe("index.html's stylesheets", () => {
  const page = [
    '<head>',
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
    '<link rel="stylesheet" crossorigin href="/assets/other-def.css">',
    '</head>',
  ].join('\n');

  it('writes each stylesheet into the page and keeps its link, disabled, for the chunk loader', () => {
    const out = withInlineStyles(page, (href) => `/* ${href} */ body{color:red}\n`);
    expect(out).toContain('<style>/* /assets/index-abc.css */ body{color:red}</style>');
    expect(out).toContain('<style>/* /assets/other-def.css */ body{color:red}</style>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/index-abc.css" disabled>');
    expect(out).not.toContain('crossorigin href="/assets/index-abc.css"');
  });

  it('keeps the link of a stylesheet it cannot read, or one that would end the style element', () => {
    const out = withInlineStyles(page, (href) =>
      href.includes('index') ? undefined : 'a{}</style><script>',
    );
    expect(out).toBe(page);
  });
});
