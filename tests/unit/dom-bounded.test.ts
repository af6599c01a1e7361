// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clean, hasBuyControl, leadingText } from '@/lib/detect/dom';

// The bounded reads of a block (a product's, or one around a whole listing): the same answers as
// textContent and querySelectorAll would give, without building the rest of a big block.

function block(html: string): Element {
  const document = new DOMParser().parseFromString(`<!DOCTYPE html><html><body><div id="b">${html}</div></body></html>`, 'text/html');
  return document.getElementById('b') as Element;
}

describe('bounded reads of a block', () => {
  it('leadingText is textContent cut to its length, scripts and nested text included', () => {
    const el = block('<h2>Saga #1</h2><p>Brian K. <b>Vaughan</b></p><script>var x = 1;</script><span>$3.99</span>');
    for (const max of [0, 1, 5, 12, 20, 1000]) expect(leadingText(el, max)).toBe((el.textContent ?? '').slice(0, max));
  });

  it('hasBuyControl looks at the first 24 controls in document order, as before', () => {
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/p/${i}">Item ${i}</a>`).join('');
    expect(hasBuyControl(block(`${links}<button>Add to cart</button>`))).toBe(false);
    expect(hasBuyControl(block(`<button>Add to cart</button>${links}`))).toBe(true);
    expect(hasBuyControl(block(`<form action="/cart/add"><input type="submit" value="Go"></form>`))).toBe(true);
    expect(hasBuyControl(block(`<div><span><a href="/add-to-cart?id=3">Get it</a></span></div>`))).toBe(true);
    expect(hasBuyControl(block('<p>No controls at all</p>'))).toBe(false);
  });
});

describe('clean', () => {
  // What clean has always done: every run of spaces and invisible characters to one space, then trimmed.
  const slow = (value: string) => value.replace(/[\s\u00a0\u200b-\u200f\u202a-\u202e\u2060\ufeff]+/g, ' ').trim();
  const spacey = fc.string({ unit: fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u200b', '\u202f', '\u2060', '\ufeff', '\u3000', 'a', 'B', '#', '1', 'é') });

  it('gives what it always gave, with its quick look or without', () => {
    fc.assert(fc.property(fc.oneof(spacey, fc.string(), fc.string({ unit: 'binary' })), (value) => {
      expect(clean(value)).toBe(slow(value));
    }), { numRuns: 3000 });
    expect(clean('  Saga #1  ')).toBe('Saga #1');
    expect(clean('Saga\u00a0#1\n  Cover A')).toBe('Saga #1 Cover A');
  });
});
