import { expect, type Page } from '@playwright/test';

/**
 * The page's width, and what reaches past the viewport (to say what overflows): the innermost
 * elements wider than it, and the elements whose text runs past it (a word too long for its line).
 */
export async function expectNoHorizontalScroll(page: Page, label: string) {
  const { width, overflowing } = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => element.getBoundingClientRect().right > viewport + 0.5);
    const innermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      range.selectNodeContents(node);
      const parent = node.parentElement;
      if (parent && range.getBoundingClientRect().right > viewport + 0.5 && !innermost.includes(parent)) innermost.push(parent);
    }
    const describe = (element: HTMLElement) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> ${Math.round(element.getBoundingClientRect().right)} px: ${(element.textContent ?? '').trim().slice(0, 60)}`;
    return { width: document.documentElement.scrollWidth, overflowing: innermost.slice(0, 10).map(describe) };
  });
  expect(width, `${label}: the page is ${width} px wide at a 320 px viewport; reaching past it:\n${overflowing.join('\n')}`).toBeLessThanOrEqual(320);
}
