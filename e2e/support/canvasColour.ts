import type { Page } from '@playwright/test';

/** The share of the element's pixels within a few levels of `rgb`: read from a screenshot, in the page's own 2D canvas. */
export async function shareOfColour(page: Page, selector: string, rgb: [number, number, number]): Promise<number> {
  const shot = await page.locator(selector).screenshot();
  return page.evaluate(
    async ([base64, [r, g, b]]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let matching = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - r) <= 6 && Math.abs(data[i + 1] - g) <= 6 && Math.abs(data[i + 2] - b) <= 6) matching += 1;
      return matching / (data.length / 4);
    },
    [shot.toString('base64'), rgb] as const,
  );
}
