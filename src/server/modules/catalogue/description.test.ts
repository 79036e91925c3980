import { describe, expect, it } from 'vitest';
import * as demo from '../../../../seed/catalogue/index';
import { sanitizeDescription } from './description';

describe('sanitizeDescription', () => {
  it('keeps the allowed elements as they are', () => {
    const html =
      '<p>Crisp <strong>and</strong> <em>sweet</em>.</p><ul><li>one</li><li>two</li></ul><h3>Storage</h3><p>Cold<br />dry</p>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('drops script and style elements with their content', () => {
    expect(sanitizeDescription('<p>a</p><script>alert(1)</script><style>p{color:red}</style><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
  });

  it('removes on… handlers and style attributes from kept elements', () => {
    expect(sanitizeDescription('<p onclick="alert(1)" style="color:red" class="x">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeDescription('<strong onmouseover="steal()">bold</strong>')).toBe('<strong>bold</strong>');
  });

  it('unwraps links, so no javascript: URL survives', () => {
    const out = sanitizeDescription(
      '<p><a href="javascript:alert(1)">click</a> <a href="https://x.test">x</a></p>',
    );
    expect(out).toBe('<p>click x</p>');
    expect(out).not.toContain('javascript:');
  });

  it('drops images, frames and forms, and unwraps other elements to their text', () => {
    expect(
      sanitizeDescription(
        '<div><img src=x onerror="alert(1)"><iframe src="https://x.test"></iframe><span>kept text</span></div><form><button>buy</button></form>',
      ),
    ).toBe('kept text');
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeDescription('<p>1 &lt; 2 &amp; 3</p>')).toBe('<p>1 &lt; 2 &amp; 3</p>');
  });

  it('leaves every demo description unchanged', () => {
    for (const p of demo.products) {
      expect(sanitizeDescription(p.en_describe), p.key).toBe(p.en_describe);
      expect(sanitizeDescription(p.zn_describe), p.key).toBe(p.zn_describe);
    }
  });
});
